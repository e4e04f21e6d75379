/**
 * Follows a running command's output file and reports its new lines as they come, for the
 * person watching (the terminal shows them under the call; `run` on standard error). Memory and
 * time stay bounded whatever the command prints: each look reads at most the file's newest
 * bytes and reports at most its last few lines, since a person only sees the latest ones anyway.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** How often the file is looked at. */
export const FOLLOW_INTERVAL_MS = 100;
/** The most of the file read at one look: when it grew by more, only its end is read. */
export const FOLLOW_MAX_BYTES = 64 * 1024;
/** The most lines reported from one look. */
export const FOLLOW_MAX_LINES = 20;

export interface OutputFollower {
  /** Stops following; the line still being written, if any, is not reported. */
  stop(): void;
}

/** Reports each complete new line of `path` through `onLine` until `stop()` is called. */
export function followOutput(path: string, onLine: (line: string) => void): OutputFollower {
  let offset = 0;
  let partial = "";
  let descriptor: number | undefined;
  const decoder = new TextDecoder();
  const look = () => {
    try {
      descriptor ??= openSync(path, "r");
      const size = fstatSync(descriptor).size;
      if (size <= offset) return;
      let start = offset;
      if (size - offset > FOLLOW_MAX_BYTES) {
        // Too much to show: skip to the end, and drop the line cut in the middle.
        start = size - FOLLOW_MAX_BYTES;
        partial = "";
      }
      const buffer = new Uint8Array(size - start);
      const read = readSync(descriptor, buffer, 0, buffer.length, start);
      offset = start + read;
      const text = partial + decoder.decode(buffer.subarray(0, read), { stream: true });
      const lines = text.split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines.slice(-FOLLOW_MAX_LINES)) onLine(line.replace(/\r$/, ""));
    } catch {
      // The file is not there yet, or is gone: nothing to report this time.
    }
  };
  const timer = setInterval(look, FOLLOW_INTERVAL_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
    },
  };
}
