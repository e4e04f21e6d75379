/** Builds the ToolUseContext a session hands to every tool call. */
import type { AppState, Tools, ToolUseContext } from "../Tool.ts";
import { emptyPermissionContext, type ToolPermissionContext } from "../permissions/types.ts";
import { FileStateCache } from "./FileStateCache.ts";
import { newSessionDirectory } from "./sessionDirectory.ts";

/** What a session says about itself; everything else gets a default. */
export interface CreateToolUseContextOptions {
  tools: Tools;
  cwd?: string;
  /** Folders beyond cwd that count as inside. */
  additionalDirectories?: readonly string[];
  permissionContext?: ToolPermissionContext;
  /** True when nobody can answer a question; a function is asked only when the answer matters
   *  (finding out whether a terminal is attached costs start-up time). */
  isNonInteractive?: boolean | (() => boolean);
  model?: string;
  sessionDirectory?: string;
  abortController?: AbortController;
  onProgress?: ToolUseContext["onProgress"];
}

/** A context with its own app state, abort controller and read-file cache. */
export function createToolUseContext(options: CreateToolUseContextOptions): ToolUseContext {
  const cwd = options.cwd ?? process.cwd();
  let appState: AppState = { toolPermissionContext: options.permissionContext ?? emptyPermissionContext() };
  const nonInteractive = options.isNonInteractive ?? true;
  return {
    options: {
      tools: options.tools,
      model: options.model ?? process.env.TOOLSHED_MODEL ?? "claude-sonnet-4-5",
      get isNonInteractive() {
        return typeof nonInteractive === "function" ? nonInteractive() : nonInteractive;
      },
    },
    abortController: options.abortController ?? new AbortController(),
    readFileState: new FileStateCache(),
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    cwd,
    workingDirectories: [cwd, ...(options.additionalDirectories ?? [])],
    sessionDirectory: options.sessionDirectory ?? newSessionDirectory(),
    agentId: crypto.randomUUID(),
    onProgress: options.onProgress,
  };
}
