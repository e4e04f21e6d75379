/**
 * The shell analysis (the parser, the program catalogue and the command walker), loaded together
 * on first need and never at start-up: a command that `run Read` or `tools` never judges should
 * not cost them the catalogue's tables. Callers that must answer at once (whether a command is
 * read-only) take `loadedShellAnalysis()` and fail closed while it is undefined.
 */
type ShellAnalysisModule = typeof import("./analyzeShellCommand.ts");

let loaded: ShellAnalysisModule | undefined;
let loading: Promise<ShellAnalysisModule> | undefined;

/** Loads the parser and the analysis once; later calls return the same promise. */
export function loadShellAnalysis(): Promise<ShellAnalysisModule> {
  loading ??= Promise.all([import("./analyzeShellCommand.ts"), import("./shellParser.ts").then((parser) => parser.initShellParser())])
    .then(([module]) => (loaded = module));
  return loading;
}

/** The analysis, once `loadShellAnalysis` has finished; undefined before. */
export function loadedShellAnalysis(): ShellAnalysisModule | undefined {
  return loaded;
}
