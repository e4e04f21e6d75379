/**
 * A restricted view of a context: another pool, another agent id, an abort scope of its own
 * below the parent's. It shares the parent's services, hooks and app state, so what a REPL call
 * or a sub-agent does to the session (a file read, a rule answered "always") is the session's.
 */
import type { PermissionMode } from "../permissions/types.ts";
import type { Tools, ToolUseContext } from "../Tool.ts";
import { createAbortScope } from "./abortScope.ts";

export interface ChildContextOptions {
  /** The tools the child may use. */
  tools: Tools;
  /** Tools the child reaches only through a tool that hosts others (REPL mode); none by default. */
  hiddenTools?: Tools;
  agentId: string;
  /** The scope the child's abort scope hangs under; the parent's by default. */
  signal?: AbortSignal;
  /** The child's model, for tools that adapt their text; the parent's by default. */
  model?: string;
  /** How deep the child is; one below the parent by default. */
  agentDepth?: number;
  /**
   * A mode the child is held to whatever the session's mode is (a read-only explorer runs in
   * `plan`). What the child does to the session's state still reaches the session.
   */
  permissionMode?: PermissionMode;
  /** Receives the progress of the child's calls; the parent's receiver by default. */
  onProgress?: ToolUseContext["onProgress"];
}

/** A child of `parent` with its own pool and abort scope. */
export function createChildContext(parent: ToolUseContext, options: ChildContextOptions): ToolUseContext {
  const mode = options.permissionMode;
  return {
    ...parent,
    // Getters, not copies: whether anyone can answer is found out only when a question comes up.
    options: {
      tools: options.tools,
      hiddenTools: options.hiddenTools ?? [],
      get model() {
        return options.model ?? parent.options.model;
      },
      get isNonInteractive() {
        return parent.options.isNonInteractive;
      },
    },
    getAppState: mode === undefined ? parent.getAppState : () => {
      const state = parent.getAppState();
      return { ...state, toolPermissionContext: { ...state.toolPermissionContext, mode } };
    },
    agentId: options.agentId,
    agentDepth: options.agentDepth ?? (parent.agentDepth ?? 0) + 1,
    abortController: createAbortScope(options.signal ?? parent.abortController.signal).controller,
    onProgress: options.onProgress ?? parent.onProgress,
  };
}

/** A context for one turn: an abort scope below the session's, so interrupting a turn leaves the session running. */
export function createTurnContext(context: ToolUseContext, options: { signal?: AbortSignal; onProgress?: ToolUseContext["onProgress"] } = {}): ToolUseContext {
  const turn = createAbortScope(context.abortController.signal);
  // A turn may also be stopped from outside the session (the person pressing Ctrl-C or Escape).
  if (options.signal !== undefined) {
    if (options.signal.aborted) turn.controller.abort(options.signal.reason);
    else options.signal.addEventListener("abort", () => turn.controller.abort(options.signal?.reason), { once: true, signal: turn.signal });
  }
  return { ...context, abortController: turn.controller, onProgress: options.onProgress ?? context.onProgress };
}
