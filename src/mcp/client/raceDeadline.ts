/** Bounds a wait that the SDK itself might not bound (a transport whose start never settles). */

/** The promise's value, or a rejection with `message` once `signal` aborts. */
export function raceDeadline<T>(promise: Promise<T>, signal: AbortSignal, message: () => string): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error(message()));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error(message()));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
