/** Builds the root ToolUseContext of a session (only createSession calls this). */
import type { AppState, Tools, ToolUseContext } from "../Tool.ts";
import type { HookDefinition } from "../hooks/types.ts";
import type { SessionServices } from "./types.ts";

/** Everything the root context is made of. */
export interface ToolUseContextParts {
  /** The pool, or where to read it when it can change (the session's MCP tools). */
  tools: Tools | (() => Tools);
  hiddenTools: Tools;
  cwd: string;
  workingDirectories: readonly string[];
  appState: AppState;
  services: SessionServices;
  hooks: readonly HookDefinition[];
  /** True when nobody can answer a question; a function is asked only when the answer matters
   *  (finding out whether a terminal is attached costs start-up time). */
  isNonInteractive: boolean | (() => boolean);
  model: string;
  sessionId: string;
  sessionDirectory: string;
  abortController: AbortController;
  onProgress?: ToolUseContext["onProgress"];
  onWarning?: ToolUseContext["onWarning"];
}

/** The context: app state kept in a closure, everything else as given. */
export function createToolUseContext(parts: ToolUseContextParts): ToolUseContext {
  let appState = parts.appState;
  const nonInteractive = parts.isNonInteractive;
  const pool = parts.tools;
  return {
    options: {
      get tools() {
        return typeof pool === "function" ? pool() : pool;
      },
      hiddenTools: parts.hiddenTools,
      model: parts.model,
      get isNonInteractive() {
        return typeof nonInteractive === "function" ? nonInteractive() : nonInteractive;
      },
    },
    abortController: parts.abortController,
    services: parts.services,
    hooks: parts.hooks,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    cwd: parts.cwd,
    workingDirectories: parts.workingDirectories,
    sessionDirectory: parts.sessionDirectory,
    sessionId: parts.sessionId,
    agentId: parts.sessionId,
    onProgress: parts.onProgress,
    onWarning: parts.onWarning,
  };
}
