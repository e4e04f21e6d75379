/**
 * Whether a shell command only reads: every part a known read-only command without flags that
 * execute or write, no file-writing redirection, nothing the analysis does not understand.
 * Fails closed: false for anything not proven read-only, including before the parser is loaded.
 */
import { analyzeShellCommand } from "./analyzeShellCommand.ts";
import { readOnlyProblem } from "./readOnlyProblem.ts";
import { isShellParserReady } from "./shellParser.ts";

export { initShellParser } from "./shellParser.ts";

/** True only when `command` is proven to have no side effects. Await `initShellParser()` first. */
export function isReadOnlyShellCommand(command: string): boolean {
  if (!isShellParserReady()) return false;
  try {
    return readOnlyProblem(analyzeShellCommand(command)) === undefined;
  } catch {
    return false;
  }
}

