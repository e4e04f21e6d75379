/**
 * The session's shell state: the folder the next command starts in. A `cd` carries over to the
 * next call while it stays inside the working folders; outside them the shell goes back.
 */
import { existsSync } from "node:fs";
import type { ToolUseContext } from "../../Tool.ts";
import { isInsideDirectories } from "../../paths/isInsideDirectories.ts";

/** The key under which the shell's folder lives in the app state. */
export const SHELL_CWD_KEY = "shellCwd";

/** Folders a `cd` may carry over into: the working folders and any added ones. */
function allowedFolders(context: ToolUseContext): string[] {
  return [...context.workingDirectories, ...context.getAppState().toolPermissionContext.additionalDirectories];
}

/** Where the next command starts: the carried-over folder, or the working folder. */
export function shellCwd(context: ToolUseContext): string {
  const saved = context.getAppState()[SHELL_CWD_KEY];
  return typeof saved === "string" && existsSync(saved) ? saved : context.cwd;
}

/**
 * Records the folder a command ended in. Returns a note for the model when the folder was
 * outside the working folders and the shell went back instead.
 */
export function carryOverCwd(context: ToolUseContext, finalCwd: string | undefined): string | undefined {
  if (finalCwd === undefined || finalCwd === shellCwd(context)) return undefined;
  if (isInsideDirectories(finalCwd, allowedFolders(context), context.cwd)) {
    context.setAppState((state) => ({ ...state, [SHELL_CWD_KEY]: finalCwd }));
    return undefined;
  }
  const back = shellCwd(context);
  return `The command changed folder to ${finalCwd}, which is outside the working folders; the next command starts in ${back} again.`;
}
