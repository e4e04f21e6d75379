/**
 * Runs one hook command through the shell in its own process group, hands it its JSON on
 * standard input, and collects what it prints. A hook that outlives its timeout (or the call's
 * abort) is stopped together with everything it started.
 */
import { processGroupHasMembers, stopProcessGroup, trackProcessGroup, untrackProcessGroup } from "../tasks/processGroups.ts";
import { newCommandTag, taggedEnvironment } from "../tasks/processTags.ts";

/** How much of each output stream is kept; the rest is read and dropped. */
export const HOOK_OUTPUT_LIMIT_BYTES = 1024 * 1024;

export interface HookRunRequest {
  command: string;
  cwd: string;
  input: string;
  timeoutMs: number;
  signal?: AbortSignal;
  env?: { [key: string]: string | undefined };
}

export interface HookRunResult {
  /** The exit code; null when a signal ended it, or it never started, or it was stopped. */
  exitCode: number | null;
  signalCode: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** Why it could not start. */
  startError?: string;
}

interface Collected {
  text: string;
  bytes: number;
}

async function collect(stream: ReadableStream<Uint8Array>, into: Collected): Promise<void> {
  const decoder = new TextDecoder();
  try {
    for await (const chunk of stream) {
      if (into.bytes >= HOOK_OUTPUT_LIMIT_BYTES) continue;
      const kept = chunk.subarray(0, HOOK_OUTPUT_LIMIT_BYTES - into.bytes);
      into.bytes += kept.byteLength;
      into.text += decoder.decode(kept, { stream: true });
    }
  } catch {
    // A stream cut off when the group is stopped: keep what arrived.
  }
}

let shell: string | undefined;

/** Runs the hook; never throws. */
export async function runHookCommand(request: HookRunRequest): Promise<HookRunResult> {
  const stdout: Collected = { text: "", bytes: 0 };
  const stderr: Collected = { text: "", bytes: 0 };
  let child: Bun.Subprocess<Uint8Array, "pipe", "pipe">;
  try {
    shell ??= Bun.which("sh") ?? "/bin/sh";
    child = Bun.spawn([shell, "-c", request.command], {
      cwd: request.cwd,
      // Tagged as shell commands are, so a process the hook detaches with setsid is still stopped at exit.
      env: taggedEnvironment(request.env ?? process.env, newCommandTag()),
      stdin: new TextEncoder().encode(request.input),
      stdout: "pipe",
      stderr: "pipe",
      detached: true,
    }) as Bun.Subprocess<Uint8Array, "pipe", "pipe">;
  } catch (error) {
    return { exitCode: null, signalCode: null, stdout: "", stderr: "", timedOut: false, aborted: false, startError: (error as Error).message };
  }
  const pid = child.pid;
  trackProcessGroup(pid);
  const finished = Promise.all([child.exited, collect(child.stdout, stdout), collect(child.stderr, stderr)]).then(() => "finished" as const);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<"timeout" | "aborted">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), request.timeoutMs);
    onAbort = () => resolve("aborted");
    if (request.signal?.aborted) onAbort();
    else request.signal?.addEventListener("abort", onAbort, { once: true });
  });
  const how = await Promise.race([finished, stopped]);
  clearTimeout(timer);
  if (onAbort !== undefined) request.signal?.removeEventListener("abort", onAbort);
  if (how !== "finished") await stopProcessGroup(pid, child.exited);
  else if (!processGroupHasMembers(pid)) untrackProcessGroup(pid);
  const exitCode = how === "finished" && child.signalCode === null ? child.exitCode : null;
  return {
    exitCode,
    signalCode: child.signalCode === null ? null : String(child.signalCode),
    stdout: stdout.text,
    stderr: stderr.text,
    timedOut: how === "timeout",
    aborted: how === "aborted",
  };
}
