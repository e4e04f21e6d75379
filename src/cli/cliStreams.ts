/** Where the CLI reads and writes; the process's own streams, or a test's. */

/** The streams a command uses. */
export interface CliStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Reads all of standard input (for "-" and piped prompts); more than `maxBytes` is a usage error. */
  readStdin(maxBytes?: number): Promise<string>;
  /** The same, but undefined when nothing at all arrives within `firstDataWithinMs` (a pipe left open with nothing to say). */
  readStdin(maxBytes: number, options: { firstDataWithinMs: number }): Promise<string | undefined>;
  /** Standard input line by line, for streamed input (`--input-format stream-json`). */
  stdinLines?(): AsyncIterable<string>;
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Whether standard output is a terminal (the interactive session needs both ends); false when unset. */
  stdoutIsTTY?: boolean;
}
