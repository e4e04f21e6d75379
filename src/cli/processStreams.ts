/**
 * The CLI's real standard streams. Writes go through Bun's own file writer, in order. (Touching
 * `process.stdout` costs a compiled binary about 20 ms of start-up, more than the rest of
 * `--version`.)
 */
import { UsageError } from "../errors/ToolError.ts";
import type { CliStreams } from "./cliStreams.ts";
import { isTerminal } from "./isTerminal.ts";

/** The most of standard input read when a command gives no other limit. */
const DEFAULT_STDIN_LIMIT = 64 * 1024 * 1024;

/**
 * All of a stream as text; more than `maxBytes` is a usage error (standard input is the
 * person's). With `firstDataWithinMs`, undefined when the stream says nothing at all in that time.
 */
export async function readLimited(stream: ReadableStream<Uint8Array>, maxBytes: number, firstDataWithinMs?: number): Promise<string | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let waitForFirst = firstDataWithinMs !== undefined; ; waitForFirst = false) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silence = new Promise<"silent">((resolve) => {
      if (waitForFirst) timer = setTimeout(() => resolve("silent"), firstDataWithinMs);
    });
    const next = await Promise.race([reader.read(), silence]);
    clearTimeout(timer);
    if (next === "silent") {
      // Nobody will read it now; the pending read ends with the process.
      reader.cancel().catch(() => {});
      return undefined;
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > maxBytes) throw new UsageError(`standard input is more than ${Math.round(maxBytes / 1024 / 1024)} MB; give less, or put it in a file and say where.`);
    chunks.push(next.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The lines of a stream as they arrive (each at most 64 MB). */
export async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    if (pending.length > DEFAULT_STDIN_LIMIT) throw new UsageError("a line of standard input is longer than 64 MB.");
    let end = pending.indexOf("\n");
    while (end !== -1) {
      yield pending.slice(0, end);
      pending = pending.slice(end + 1);
      end = pending.indexOf("\n");
    }
  }
  pending += decoder.decode();
  if (pending !== "") yield pending;
}

/** A stream writer whose writes land in order and whose failures never escape. */
export interface OrderedWriter {
  write(text: string): Promise<void>;
  /** Resolves when every write so far is out (or has failed). */
  flush(): Promise<void>;
}

/**
 * Sends each text one after another. When the reader has gone (`toolshed tools | head -1`:
 * EPIPE) or the stream fails in any other way, the rest of the output is dropped quietly: there
 * is nobody left to read it, and a crash with a stack would be the only thing the person sees.
 */
export function createOrderedWriter(send: (text: string) => Promise<unknown>): OrderedWriter {
  let last: Promise<void> = Promise.resolve();
  let broken = false;
  return {
    write(text) {
      last = last.then(async () => {
        if (broken) return;
        try {
          await send(text);
        } catch {
          broken = true;
        }
      });
      return last;
    },
    flush: () => last,
  };
}

const stdoutWriter = createOrderedWriter((text) => Bun.write(Bun.stdout, text));
const stderrWriter = createOrderedWriter((text) => Bun.write(Bun.stderr, text));

/** Resolves when everything written to the process streams so far is out. */
export function flushProcessStreams(): Promise<unknown> {
  return Promise.all([stdoutWriter.flush(), stderrWriter.flush()]);
}

/** The process's own streams, as the CLI commands write to them. */
export const processStreams: CliStreams = {
  stdout: stdoutWriter,
  stderr: stderrWriter,
  readStdin: ((maxBytes = DEFAULT_STDIN_LIMIT, options?: { firstDataWithinMs: number }) =>
    readLimited(Bun.stdin.stream(), maxBytes, options?.firstDataWithinMs)) as CliStreams["readStdin"],
  stdinLines: () => readLines(Bun.stdin.stream()),
  // Getters: asking costs start-up time, and only commands that prompt need to know.
  get stdinIsTTY() {
    return isTerminal(0);
  },
  get stderrIsTTY() {
    return isTerminal(2);
  },
  get stdoutIsTTY() {
    return isTerminal(1);
  },
};
