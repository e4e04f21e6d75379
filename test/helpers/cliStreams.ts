/** Captures what the CLI writes, for tests of `runCli`. */
import type { CliStreams } from "../../src/cli/runCli.ts";

export interface CapturedStreams extends CliStreams {
  out(): string;
  err(): string;
}

export function captureStreams(options: { stdin?: string; stdinIsTTY?: boolean } = {}): CapturedStreams {
  let out = "";
  let err = "";
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    readStdin: async () => options.stdin ?? "",
    stdinIsTTY: options.stdinIsTTY ?? options.stdin === undefined,
    stderrIsTTY: false,
    out: () => out,
    err: () => err,
  };
}
