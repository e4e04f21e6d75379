/**
 * Unhandled rejections inside a REPL context reach the host's process, where Bun's default would
 * end toolshed. While a REPL runs, those of promises from a context (any prototype but the host's
 * Promise.prototype) are noted in the run's logs instead; the host's own keep their default.
 */
const active = new Set<string[]>();

function onUnhandledRejection(reason: unknown, promise: Promise<unknown>): void {
  if (Object.getPrototypeOf(promise) !== Promise.prototype) {
    const text = reason instanceof Error || (reason !== null && typeof reason === "object") ? "a rejected promise nobody awaited" : String(reason);
    for (const logs of active) logs.push(`warn: unhandled rejection in the code (${text.slice(0, 200)})`);
    return;
  }
  if (process.listenerCount("unhandledRejection") === 1) {
    queueMicrotask(() => {
      throw reason;
    });
  }
}

/** Starts noting the contexts' unhandled rejections into `logs`; returns the function that stops. */
export function trackVmRejections(logs: string[]): () => void {
  if (active.size === 0) process.on("unhandledRejection", onUnhandledRejection);
  active.add(logs);
  return () => {
    active.delete(logs);
    if (active.size === 0) process.off("unhandledRejection", onUnhandledRejection);
  };
}
