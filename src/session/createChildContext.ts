/**
 * A restricted view of a context: another pool, another agent id, an abort scope of its own
 * below the parent's. It shares the parent's services, hooks and app state, so what a REPL call
 * or a sub-agent does to the session (a file read, a rule answered "always") is the session's.
 */
import type { Tools, ToolUseContext } from "../Tool.ts";
import { createAbortScope } from "./abortScope.ts";

export interface ChildContextOptions {
  /** The tools the child may use. */
  tools: Tools;
  agentId: string;
  /** The scope the child's abort scope hangs under; the parent's by default. */
  signal?: AbortSignal;
}

/** A child of `parent` with its own pool and abort scope. */
export function createChildContext(parent: ToolUseContext, options: ChildContextOptions): ToolUseContext {
  return {
    ...parent,
    // Getters, not copies: whether anyone can answer is found out only when a question comes up.
    options: {
      tools: options.tools,
      hiddenTools: [],
      get model() {
        return parent.options.model;
      },
      get isNonInteractive() {
        return parent.options.isNonInteractive;
      },
    },
    agentId: options.agentId,
    abortController: createAbortScope(options.signal ?? parent.abortController.signal).controller,
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
