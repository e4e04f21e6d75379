/**
 * Abort scopes: a session's, a turn's below it, a call's below that. Aborting a scope aborts
 * every scope below it, never the one above; a scope that is done lets go of its parent so a
 * long session does not collect one listener per call.
 */

/** A scope: its controller, and `dispose` to detach it from its parent once it is done. */
export interface AbortScope {
  readonly controller: AbortController;
  readonly signal: AbortSignal;
  dispose(): void;
}

/** A new scope under `parent` (aborted at once when the parent already is). */
export function createAbortScope(parent?: AbortSignal): AbortScope {
  const controller = new AbortController();
  if (parent === undefined) return { controller, signal: controller.signal, dispose: () => {} };
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, signal: controller.signal, dispose: () => {} };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener("abort", onAbort, { once: true });
  return {
    controller,
    signal: controller.signal,
    dispose: () => parent.removeEventListener("abort", onAbort),
  };
}
