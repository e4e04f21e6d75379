/** Checks a growing file's size every so often, so a command's output cannot grow without end. */
import { statSync } from "node:fs";
import { OUTPUT_CHECK_INTERVAL_MS } from "./limits.ts";

/**
 * Calls `onExceeded(size)` whenever the file at `path` is larger than `maxBytes`, checking every
 * OUTPUT_CHECK_INTERVAL_MS. The timer never keeps toolshed alive. Returns the function that stops watching.
 */
export function watchFileSize(path: string, maxBytes: number, onExceeded: (size: number) => void): () => void {
  const timer = setInterval(() => {
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      return;
    }
    if (size > maxBytes) onExceeded(size);
  }, OUTPUT_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
