/**
 * Settles with the promise's result, or with "aborted" as soon as the signal aborts, whichever
 * comes first. One real listener per signal serves every call (adding and removing a DOM-style
 * listener per call costs more than the rest of the pipeline).
 */
const waiters = new WeakMap<AbortSignal, Set<() => void>>();

function waitersFor(signal: AbortSignal): Set<() => void> {
  let set = waiters.get(signal);
  if (set === undefined) {
    const created = new Set<() => void>();
    signal.addEventListener("abort", () => {
      for (const wake of created) wake();
      created.clear();
    }, { once: true });
    waiters.set(signal, created);
    set = created;
  }
  return set;
}

/**
 * The promise's value, or "aborted" if the signal aborts first. A promise that has already
 * settled wins over any abort and costs no race or listener: that is the common, cheap case.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | "aborted"> {
  if (Bun.peek.status(promise) !== "pending") return Promise.resolve(promise);
  if (signal.aborted) return Promise.resolve("aborted");
  const set = waitersFor(signal);
  return new Promise<T | "aborted">((resolve, reject) => {
    const wake = () => resolve("aborted");
    set.add(wake);
    promise.then(
      (value) => {
        set.delete(wake);
        resolve(value);
      },
      (error: unknown) => {
        set.delete(wake);
        reject(error);
      },
    );
  });
}
