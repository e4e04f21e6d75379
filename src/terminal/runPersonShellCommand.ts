/**
 * Runs a shell command the person typed after `!`, as the agent's own commands run: in the
 * session's shell folder, in its own process group (so Escape stops it and everything it
 * started), output to a file in the session folder, followed line by line for the screen.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { readFileEnd } from "../files/readBoundedFile.ts";
import { followOutput } from "../tasks/followOutput.ts";
import { spawnShellCommand } from "../tasks/spawnShellCommand.ts";

/** How much of the output's end is kept for the screen and the model. */
const KEPT_OUTPUT_BYTES = 64 * 1024;

export interface PersonShellResult {
  output: string;
  /** "Exit status 0", "Stopped by Escape", ... */
  status: string;
  exitCode: number | null;
  interrupted: boolean;
}

function readEnd(path: string): string {
  const { text, skippedBytes } = readFileEnd(path, KEPT_OUTPUT_BYTES);
  return skippedBytes > 0 ? `[... the first ${skippedBytes} bytes left out]\n${text}` : text;
}

/** Runs `command` in `cwd`; `onLine` gets the output as it comes; `signal` stops the whole group. */
export async function runPersonShellCommand(options: { command: string; cwd: string; sessionDirectory: string; signal: AbortSignal; onLine: (line: string) => void }): Promise<PersonShellResult> {
  const id = crypto.randomUUID().slice(0, 8);
  const outputPath = join(options.sessionDirectory, "shell", `${id}.log`);
  const cwdPath = join(options.sessionDirectory, "shell", `${id}.cwd`);
  const shell = spawnShellCommand({ command: options.command, cwd: options.cwd, outputPath, cwdPath });
  const follower = followOutput(outputPath, options.onLine);
  let onAbort: (() => void) | undefined;
  const interrupted = await Promise.race([
    shell.exited.then(() => false),
    new Promise<boolean>((resolve) => {
      onAbort = () => resolve(true);
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener("abort", onAbort, { once: true });
    }),
  ]);
  if (onAbort !== undefined) options.signal.removeEventListener("abort", onAbort);
  if (interrupted) await shell.stop();
  follower.stop();
  const exitCode = interrupted ? null : await shell.exited;
  const output = readEnd(outputPath);
  rmSync(outputPath, { force: true });
  rmSync(cwdPath, { force: true });
  const signal = shell.signalCode();
  const status = interrupted ? "Stopped (Escape), with every process it started" : exitCode === null ? `Killed by ${signal ?? "a signal"}` : `Exit status ${exitCode}`;
  return { output, status, exitCode, interrupted };
}
