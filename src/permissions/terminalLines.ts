/**
 * One line reader per input stream for the whole process, shared by every question asked at the
 * terminal (trust, then permission): a second reader on the same stream would lose what the first
 * had already read, so an answer typed ahead would vanish between two questions.
 */
import type { Interface } from "node:readline";

interface LineReader {
  reader: Interface;
  lines: AsyncIterator<string>;
}

const readers = new WeakMap<NodeJS.ReadableStream, LineReader>();

/** The next line typed on `input`; undefined when the input closed or `signal` aborted (the reader is then let go). */
export async function nextTerminalLine(input: NodeJS.ReadableStream, signal?: AbortSignal): Promise<string | undefined> {
  if (signal?.aborted) return undefined;
  let found = readers.get(input);
  if (found === undefined) {
    // Loaded only when a question is asked: readline costs start-up time.
    const { createInterface } = await import("node:readline");
    const reader = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
    found = { reader, lines: reader[Symbol.asyncIterator]() };
    readers.set(input, found);
  }
  const current = found;
  const aborted = new Promise<"aborted">((resolve) => {
    if (signal?.aborted) resolve("aborted");
    else signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  const next = await Promise.race([current.lines.next(), aborted]);
  if (next === "aborted") {
    // Ctrl-C while a question is open: let go of the input, so the process can end.
    releaseTerminalLines(input);
    return undefined;
  }
  return next.done ? undefined : next.value;
}

/** Closes the reader of `input`, if any; a later question opens a new one. */
export function releaseTerminalLines(input: NodeJS.ReadableStream): void {
  readers.get(input)?.reader.close();
  readers.delete(input);
}
