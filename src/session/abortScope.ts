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

/**
 * The live scopes under each signal. The signal gets one listener of its own, however many scopes
 * come and go under it: an EventTarget listener added and removed per call cost the pipeline more
 * than all its other stages together.
 */
const scopesUnder = new WeakMap<AbortSignal, Set<AbortController>>();

function liveScopesUnder(parent: AbortSignal): Set<AbortController> {
  let live = scopesUnder.get(parent);
  if (live === undefined) {
    const scopes = new Set<AbortController>();
    live = scopes;
    scopesUnder.set(parent, scopes);
    parent.addEventListener("abort", () => {
      // Each aborts in the order it was made, unless it was let go meanwhile (by another scope's
      // abort handler); a scope made while this runs is aborted at birth.
      for (const scope of [...scopes]) if (scopes.has(scope)) scope.abort(parent.reason);
      scopes.clear();
    }, { once: true });
  }
  return live;
}

/** A new scope under `parent` (aborted at once when the parent already is). */
export function createAbortScope(parent?: AbortSignal): AbortScope {
  const controller = new AbortController();
  if (parent === undefined) return { controller, signal: controller.signal, dispose: () => {} };
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, signal: controller.signal, dispose: () => {} };
  }
  const live = liveScopesUnder(parent);
  live.add(controller);
  return { controller, signal: controller.signal, dispose: () => live.delete(controller) };
}
