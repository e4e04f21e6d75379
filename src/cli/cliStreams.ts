/** Where the CLI reads and writes; the process's own streams, or a test's. */

/** The streams a command uses. */
export interface CliStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Reads all of standard input, for "-". */
  readStdin(): Promise<string>;
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
}
