/**
 * Whether a shell command only reads: every part a known read-only command without flags that
 * execute or write, no file-writing redirection, nothing the analysis does not understand.
 * Fails closed: false for anything not proven read-only, including before the analysis is loaded.
 */
import { allowForm } from "./commandForms.ts";
import { readOnlyProblem } from "./readOnlyProblem.ts";
import { loadedShellAnalysis, loadShellAnalysis } from "./shellAnalysisLoader.ts";

/** Loads the parser and the analysis the answers below need (the loading happens once). */
export async function initShellParser(): Promise<void> {
  await loadShellAnalysis();
}

/** Commands that move the shell to another folder: they change the session's state. */
const FOLDER_CHANGERS: ReadonlySet<string> = new Set(["cd", "pushd", "popd"]);

/** True only when `command` is proven to have no side effects. Await `initShellParser()` first. */
export function isReadOnlyShellCommand(command: string): boolean {
  const analysis = loadedShellAnalysis();
  if (analysis === undefined) return false;
  try {
    return readOnlyProblem(analysis.analyzeShellCommand(command)) === undefined;
  } catch {
    return false;
  }
}

/**
 * True when `command` is read-only and does not change folder: safe to run beside other calls,
 * since it changes neither files nor the folder the next command starts in.
 */
export function isStatelessShellCommand(command: string): boolean {
  if (!isReadOnlyShellCommand(command)) return false;
  const parts = loadedShellAnalysis()?.analyzeShellCommand(command).parts ?? [];
  return !parts.some((part) => {
    const name = allowForm(part).words[0]?.value ?? part.words[0]?.value ?? "";
    return FOLDER_CHANGERS.has(name.slice(name.lastIndexOf("/") + 1));
  });
}
