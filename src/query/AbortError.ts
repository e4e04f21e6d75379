/** Thrown when the caller's AbortSignal ends a model request: nothing is retried after it. */
export class AbortError extends Error {
  override readonly name = "AbortError";
  constructor(message = "The model request was aborted.", options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Throws AbortError when the signal has aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError();
}
