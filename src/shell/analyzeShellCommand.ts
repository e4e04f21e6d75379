/**
 * Parses a command line with the real shell parser and collects every part of it, including what
 * each program runs, loads, reads and writes because of its arguments, input or environment (the
 * program catalogue): `bash -c` strings, a here-document piped into `sh`, `eval`, `find -exec`,
 * `git -c core.pager=...`, `awk 'BEGIN{system(...)}'`, `python3 -c`... Line continuations are
 * joined as bash joins them before the parser sees the text. Anything the analysis does not fully
 * understand is reported as a problem; the caller then asks (and still applies deny rules to
 * every part found).
 */
import { collectStatement, type CollectState } from "./collectCommandParts.ts";
import { fillWords, gitSubcommandAt, isAssignmentWord, joinWords, pastExactWrappers, programStarts, programWordsAsRun, wrapperKind, xargsCommandAt, xargsPlaceholder } from "./commandForms.ts";
import { gnuProgramName } from "./gnuProgramNames.ts";
import { droppedDashBeforeHeredoc, grammarMisreads, timeKeywordSpan } from "./grammarMisreads.ts";
import { positionalItems } from "./loopItems.ts";
import { describeAssignments, describeProgram, type ProgramEffects } from "./programCatalogue.ts";
import { removeLineContinuations } from "./removeLineContinuations.ts";
import { ShellParseTimeout, withShellTree } from "./shellParser.ts";
import {
  MAX_SHELL_COMMAND_LENGTH,
  MAX_SHELL_NESTING,
  MAX_SHELL_PARTS,
  type ShellAnalysis,
  type ShellCommandPart,
  type FilledIn,
  type ShellCwd,
  type ShellWord,
} from "./types.ts";

// Control characters other than tab and newline, and Unicode spaces and invisible format marks:
// bash and the parser may disagree on where words end around them.
const ODD_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;

/** What programIdentity asks about a program under another name (loaded with the analysis). */
export { codeRunnerNames, programKind } from "./programCatalogue.ts";

/** Analyzes `command`. The parser must be loaded (`initShellParser`). */
export function analyzeShellCommand(command: string): ShellAnalysis {
  // One call judges its command several times (the deny precheck, the decision, whether it may
  // run beside others) within milliseconds: the analysis is made once and copied out.
  const now = performance.now();
  const recent = RECENT.get(command);
  if (recent !== undefined && now - recent.at < RECENT_MS) return structuredClone(recent.analysis);
  const analysis = analyzeAfresh(command);
  RECENT.delete(command);
  RECENT.set(command, { at: now, analysis: structuredClone(analysis) });
  for (const key of RECENT.keys()) {
    if (RECENT.size <= MAX_RECENT) break;
    RECENT.delete(key);
  }
  return analysis;
}

/** Analyses of the last few commands, kept only briefly: some depend on files (`~/.jq`, folders). */
const RECENT = new Map<string, { at: number; analysis: ShellAnalysis }>();
const RECENT_MS = 1000;
const MAX_RECENT = 8;

function analyzeAfresh(command: string): ShellAnalysis {
  const analysis: ShellAnalysis = { command, parts: [], redirects: [], problems: [] };
  if (command.length > MAX_SHELL_COMMAND_LENGTH) {
    // Not parsed at all: the parser's time grows with the square of some runs of tokens, and deep
    // nesting would overflow the walk. Deny rules still meet the rough pieces of the text.
    analysis.problems.push(`the command is ${command.length} characters long, more than the ${MAX_SHELL_COMMAND_LENGTH} toolshed checks`);
    return analysis;
  }
  const odd = ODD_CHARACTERS.exec(command);
  if (odd !== null) {
    const code = odd[0].codePointAt(0)?.toString(16).padStart(4, "0");
    analysis.problems.push(`the command contains the control or invisible character U+${code}`);
  }
  // The grammar and bash part ways over backquotes (`\"` inside them, where they end, `` ` ` ``):
  // what is inside is still judged, and the command asks.
  if (command.includes("`")) analysis.problems.push("it uses backquotes, which toolshed cannot always read as bash does; $(...) can be checked");
  const joined = removeLineContinuations(command);
  if (joined.uncertain) analysis.problems.push("its backslash line breaks cannot be followed through its quoting");
  try {
    collectText(joined.text, analysis, { kind: "start" }, undefined, 0);
  } catch (error) {
    if (!(error instanceof ShellParseTimeout)) throw error;
    analysis.problems.push(error.message);
  }
  const counted = analysis.parts.filter((part) => !part.mentionedOnly && !part.repeated).length;
  if (counted > MAX_SHELL_PARTS) {
    analysis.problems.push(`the command has ${counted} parts, more than the ${MAX_SHELL_PARTS} toolshed checks`);
  }
  return analysis;
}

/** The most `time` keywords in one text that are read through; past this the command asks. */
const MAX_TIME_KEYWORDS = 8;
/** The most dropped `-` words quoted for the parse; past this the grammar's skip is a misread. */
const MAX_DASH_MENDS = 8;

/** A `sh -c` script's positional parameters, and who fills in the search's names among them (`find -exec sh -c '...' _ {} +`). */
interface ScriptScope {
  positional: ShellWord[];
  filledIn?: FilledIn;
  /** The word standing for the names xargs appends, among the positional parameters. */
  input?: ShellWord;
}

function collectText(text: string, analysis: ShellAnalysis, cwd: ShellCwd, via: string | undefined, depth: number, scope?: ScriptScope): void {
  if (depth > MAX_SHELL_NESTING) {
    analysis.problems.push(`it nests commands more than ${MAX_SHELL_NESTING} levels deep`);
    return;
  }
  // Each parse first looks for what the grammar reads otherwise than bash and the text can be
  // mended for, and collects the parts once there is nothing more to mend: one parse for most commands.
  // The grammar drops a lone `-` before a here-document; the same word quoted (`"-"`, which bash
  // reads alike) it keeps: each such `-` is quoted for the parse, found from the parse itself.
  // bash's `time` keyword times the pipeline after it: the text is parsed without it (blanked), so
  // what follows is read as bash reads it, and `time` itself is kept as a mentioned part for rules on it.
  const timed = new Map<number, string[][]>();
  let dashes = 0;
  let keywords = 0;
  for (;;) {
    const mend = withShellTree(text, (root) => {
      const dash = dashes < MAX_DASH_MENDS ? droppedDashBeforeHeredoc(root, text) : undefined;
      if (dash !== undefined) return { kind: "dash" as const, at: dash };
      const span = timeKeywordSpan(root);
      if (span !== undefined && keywords < MAX_TIME_KEYWORDS) return { kind: "time" as const, span };
      if (span !== undefined) analysis.problems.push(`it has more than ${MAX_TIME_KEYWORDS} time keywords, more than toolshed follows`);
      if (root.hasError) analysis.problems.push(`the shell parser could not parse ${JSON.stringify(clip(text))}`);
      analysis.problems.push(...grammarMisreads(root, text));
      const items = scope === undefined ? undefined : positionalItems(text, scope.positional, scope.input);
      const inherited = scope?.filledIn !== undefined && (items !== undefined || scope.positional.length === 0) ? scope.filledIn : undefined;
      const state: CollectState = {
        analysis,
        cwd,
        via,
        timed,
        ...(items === undefined ? {} : { loopItems: items }),
        // What the search fills in among the positional parameters, the script's commands get too.
        ...(inherited === undefined ? {} : { filledIn: inherited }),
        onPart: (part, current) => {
          // A wrapper that runs its command in another folder (`sudo -D x sh -c '...'`) runs what it starts there too.
          lookInside(part, analysis, part.cwd.kind === "unknown" ? part.cwd : current.cwd, depth);
        },
        parseNested: (nested, nestedVia, current) => collectText(nested, analysis, current.cwd, nestedVia, depth + 1),
      };
      collectStatement(root, state);
      return undefined;
    });
    if (mend === undefined) return;
    if (mend.kind === "dash") {
      dashes++;
      text = `${text.slice(0, mend.at)}"-"${text.slice(mend.at + 1)}`;
      continue;
    }
    keywords++;
    const { span } = mend;
    // Rules that name time meet the keyword and what it times: `Bash(time *)` a part of the keyword
    // (with a word standing for the rest, so `Bash(time)` covers only a bare time), `Bash(time rm *)`
    // the command right after it, read as a command (see timedBy).
    const words: ShellWord[] = [...span.keyword.map((value) => ({ value, literal: true, glob: false })), ...(span.timesSomething ? [{ value: "{timed}", literal: false, glob: false }] : [])];
    analysis.parts.push({ source: joinWords(words), words, assignments: [], cwd, problems: [], via, mentionedOnly: true });
    text = `${text.slice(0, span.start)}${" ".repeat(span.end - span.start)}${text.slice(span.end)}`;
    // A keyword timing another keyword (`time -p time rm x`) carries on to what that one times: each, and both.
    const outer = timed.get(span.start) ?? [];
    timed.delete(span.start);
    const after = text.slice(span.end).search(/\S/);
    if (after !== -1) timed.set(span.end + after, [span.keyword, ...outer, ...outer.map((keyword) => [...keyword, ...span.keyword])]);
  }
}

/**
 * Strings of code the analysis cannot read, parsed as commands: the parts found are only
 * mentioned (deny and ask rules meet them) and whatever the parser makes of them raises no
 * problem of the command's own.
 */
function collectMentioned(text: string, analysis: ShellAnalysis, cwd: ShellCwd, via: string, depth: number): void {
  if (depth > MAX_SHELL_NESTING || text.trim() === "") return;
  const scratch: ShellAnalysis = { command: text, parts: [], redirects: [], problems: [] };
  collectText(text, scratch, cwd, via, depth);
  for (const part of scratch.parts) {
    part.mentionedOnly = true;
    part.problems = [];
    analysis.parts.push(part);
  }
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Adds what the catalogue says a program does to the part, and analyzes the commands it runs. */
function applyEffects(effects: ProgramEffects, part: ShellCommandPart, analysis: ShellAnalysis, cwd: ShellCwd, depth: number, filler?: FilledIn): void {
  const mentioned = part.mentionedOnly === true;
  if (!mentioned) part.problems.push(...effects.problems);
  if (effects.unknown.length > 0) (part.unknownCode ??= []).push(...effects.unknown);
  if (effects.touches.length > 0) (part.touches ??= []).push(...effects.touches);
  if (effects.wholeFolders !== undefined && effects.wholeFolders.length > 0) (part.wholeFolders ??= []).push(...effects.wholeFolders);
  if (effects.mentions.length > 0) (part.mentions ??= []).push(...effects.mentions);
  for (const run of effects.runs) {
    const runCwd: ShellCwd = run.elsewhere === undefined ? cwd : { kind: "unknown", reason: run.elsewhere };
    if (run.words !== undefined) {
      const nested: ShellCommandPart = {
        source: run.words.map((word) => word.value).join(" "),
        words: run.words,
        assignments: [],
        cwd: runCwd,
        problems: [],
        via: run.via,
        mentionedOnly: mentioned || undefined,
        // What a search fills in lies below its folders, placed from the searching part's folder.
        filledIn: run.filledIn?.from === undefined ? run.filledIn : { ...run.filledIn, from: { ...run.filledIn.from, cwd } },
      };
      analysis.parts.push(nested);
      if (depth < MAX_SHELL_NESTING) lookInside(nested, analysis, runCwd, depth + 1);
      else part.problems.push(`it nests commands more than ${MAX_SHELL_NESTING} levels deep`);
    } else if (run.text !== undefined) {
      if (mentioned) collectMentioned(run.text, analysis, runCwd, run.via, depth + 1);
      else collectText(run.text, analysis, runCwd, run.via, depth + 1, scriptScope(run.text, run.positional, filler));
    }
  }
  for (const text of effects.mentions) collectMentioned(text, analysis, cwd, `a string in code`, depth + 1);
}

/**
 * The positional parameters of a `sh -c` script, and what a search's runner fills in for it
 * (`find -exec sh -c '...' _ {} \;`, `xargs -0 sh -c '...' _`): the runner's placeholder among
 * them, or the names it appends as the last, stand for what it found, as in the words it runs; so
 * does its placeholder in the script itself (`find -exec sh -c 'rm -rf {}' \;`, which also runs
 * whatever a found name spells, and is unknown code for that). Undefined when there is neither.
 */
function scriptScope(script: string, positional: ShellWord[] | undefined, filler: FilledIn | undefined): ScriptScope | undefined {
  const given = positional ?? [];
  const placeholder = filler?.placeholder;
  const inScript = typeof placeholder === "string" && placeholder !== "" && script.includes(placeholder);
  if (filler === undefined || (!filler.appended && given.length === 0 && !inScript)) return given.length === 0 ? undefined : { positional: given };
  if (!filler.appended) return { positional: given, filledIn: filler };
  const input = `{${filler.by} input}`;
  const word: ShellWord = { value: input, literal: false, glob: false };
  return { positional: [...given, word], filledIn: { ...filler, placeholder: input, appended: false }, input: word };
}

/** Programs whose subcommand is what rules about them name. */
const SUBCOMMAND_PROGRAMS = new Set(["git", "gh", "npm", "pnpm", "yarn", "bun", "cargo", "docker", "podman", "kubectl", "helm", "terraform", "pip", "pip3", "uv", "go", "apt", "apt-get", "brew", "systemctl"]);

/** The filler with where its names come from, when a search's listing reaches xargs (see programWordsAsRun). */
function withSource(part: ShellCommandPart, filler: FilledIn): FilledIn {
  if (filler.from !== undefined || filler.by !== "xargs") return filler;
  const from = programWordsAsRun(part).filler?.from;
  return from === undefined ? filler : { ...filler, from };
}

/** Who fills in words of the program at `start` with text the analysis cannot see: xargs before it, or the program that runs the part. */
function fillerOf(part: ShellCommandPart, start: number): FilledIn | undefined {
  const xargs = part.words.slice(0, start).findIndex((word) => word.literal && gnuProgramName(word.value.slice(word.value.lastIndexOf("/") + 1)) === "xargs");
  if (xargs !== -1) {
    // Only the command xargs runs gets its input; later words are that command's own.
    if (start !== xargsCommandAt(part.words, xargs)) return undefined;
    const placeholder = xargsPlaceholder(part.words.slice(xargs, start));
    return { placeholder, appended: placeholder === undefined, by: "xargs" };
  }
  return start === 0 ? part.filledIn : undefined;
}

/**
 * What a program handed words from its input or a search (xargs, find -exec, fd -x) may run
 * beyond what the analysis sees: it is read again with those words unknown, and what that
 * reading cannot follow (`xargs sh -c`, `find -exec hyperfine {}`, `xargs timeout 5`) is
 * unknown code of the part.
 */
function blindEffects(words: readonly ShellWord[], filler: FilledIn, part: ShellCommandPart, byShell: boolean, seen: ProgramEffects): string[] {
  const marked = fillWords(words, filler);
  const input = marked.input;
  const filled = pastExactWrappers(marked.words).words;
  const first = filled[0];
  if (first === undefined || !first.literal) return [`${filler.by} runs a program named by text the analysis cannot see`];
  // A wrapper may run a filled-in word as its program (`xargs env`, `find -exec sudo {} x`).
  const name = gnuProgramName(first.value.slice(first.value.lastIndexOf("/") + 1));
  if (wrapperKind(name) !== undefined && programStarts(filled).some((index) => index > 0 && !filled[index]?.literal && !isAssignmentWord(filled[index]?.value ?? ""))) {
    return [`${filler.by} hands ${name} a program named by text the analysis cannot see`];
  }
  // Rules name these programs' subcommands (`Bash(git push *)`): one filled in is not known.
  if (SUBCOMMAND_PROGRAMS.has(name)) {
    const at = name === "git" ? gitSubcommandAt(filled) : filled.findIndex((word, index) => index > 0 && !word.value.startsWith("-"));
    if (at > 0 && filled[at]?.literal === false) return [`${filler.by} fills in the ${name} subcommand with text the analysis cannot see`];
  }
  const known = new Set([...seen.problems, ...seen.unknown]);
  const reasons: string[] = [];
  for (const start of programStarts(filled)) {
    if (filled[start] === input) continue;
    const blind = describeProgram(filled.slice(start), part, byShell && start === 0);
    for (const reason of [...blind.problems, ...blind.unknown]) if (!known.has(reason)) reasons.push(`${filler.by} fills in text the analysis cannot see: ${reason}`);
  }
  return [...new Set(reasons)];
}

/** Finds what a part runs beyond itself: through its variables, and through each program it starts (past wrappers). */
function lookInside(part: ShellCommandPart, analysis: ShellAnalysis, cwd: ShellCwd, depth: number): void {
  applyEffects(describeAssignments(part), part, analysis, cwd, depth);
  const words = part.words;
  for (const start of programStarts(words)) {
    // Builtins run only where the shell itself reads the command name: first, or past `builtin` / `command`.
    const byShell = words.slice(0, start).every((word) => ["builtin", "command", "-p"].includes(word.value));
    const program = words.slice(start);
    const effects = describeProgram(program, part, byShell);
    const filler = fillerOf(part, start);
    applyEffects(effects, part, analysis, cwd, depth, filler === undefined ? undefined : withSource(part, filler));
    if (filler === undefined || part.mentionedOnly) continue;
    const blind = blindEffects(program, filler, part, byShell, effects);
    if (blind.length > 0) (part.unknownCode ??= []).push(...blind);
  }
}
