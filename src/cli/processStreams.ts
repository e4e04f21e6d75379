/**
 * The CLI's real standard streams. Writes go through Bun's own file writer, in order. (Touching
 * `process.stdout` costs a compiled binary about 20 ms of start-up, more than the rest of
 * `--version`.)
 */
import type { CliStreams } from "./cliStreams.ts";

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
  readStdin: () => new Response(Bun.stdin.stream()).text(),
  // Getters: asking costs start-up time, and only commands that prompt need to know.
  get stdinIsTTY() {
    return Boolean(process.stdin.isTTY);
  },
  get stderrIsTTY() {
    return Boolean(process.stderr.isTTY);
  },
};
