/**
 * Work running in the background (a shell command, or a sub-agent in this process): its output
 * file, status and exit code.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { processGroupHasMembers } from "./processGroups.ts";
import type { ShellProcess } from "./spawnShellCommand.ts";

/** What a task runs: a shell process, or work in this process (which has no process group of its own). */
export type TaskProcess = Omit<ShellProcess, "pid"> & { pid?: number };

export type TaskStatus = "running" | "completed" | "failed" | "killed";

/** New output read from a task, with what remains unread. */
export interface TaskOutputChunk {
  text: string;
  /** Bytes still unread after this chunk (the chunk was cut at the size limit). */
  remainingBytes: number;
}

/** Cuts a byte range at a line end when there is one, else before a split UTF-8 character. */
function cutPoint(bytes: Uint8Array, limit: number): number {
  if (bytes.length <= limit) return bytes.length;
  const newline = bytes.lastIndexOf(0x0a, limit - 1);
  if (newline > limit / 2) return newline + 1;
  let cut = limit;
  while (cut > 0 && ((bytes[cut] as number) & 0xc0) === 0x80) cut--;
  return cut;
}

export class BackgroundTask {
  status: TaskStatus = "running";
  exitCode: number | null = null;
  readonly startedAt = Date.now();
  endedAt: number | undefined;
  private readOffset = 0;
  /** Settles when the task has ended, however it ended. */
  readonly done: Promise<void>;

  constructor(
    readonly id: string,
    readonly command: string,
    readonly description: string | undefined,
    readonly outputPath: string,
    private readonly process: TaskProcess,
  ) {
    this.done = process.exited.then((code) => {
      if (this.status === "running") this.status = code === 0 ? "completed" : "failed";
      this.exitCode = code;
      this.endedAt = Date.now();
    });
  }

  /** Output written since the last read, at most `maxBytes` of it. */
  readNewOutput(maxBytes: number): TaskOutputChunk {
    let size = 0;
    try {
      size = statSync(this.outputPath).size;
    } catch {
      return { text: "", remainingBytes: 0 };
    }
    const available = size - this.readOffset;
    if (available <= 0) return { text: "", remainingBytes: 0 };
    const wanted = Math.min(available, maxBytes + 4);
    const buffer = new Uint8Array(wanted);
    const descriptor = openSync(this.outputPath, "r");
    let read = 0;
    try {
      read = readSync(descriptor, buffer, 0, wanted, this.readOffset);
    } finally {
      closeSync(descriptor);
    }
    const bytes = buffer.subarray(0, read);
    const cut = cutPoint(bytes, maxBytes);
    this.readOffset += cut;
    return { text: new TextDecoder().decode(bytes.subarray(0, cut)), remainingBytes: size - this.readOffset };
  }

  /** Stops the task and everything it started, including processes its shell left behind. */
  async stop(): Promise<void> {
    if (this.status !== "running") {
      if (this.process.pid !== undefined && processGroupHasMembers(this.process.pid)) await this.process.stop();
      return;
    }
    this.status = "killed";
    await this.process.stop();
    await this.done;
  }
}
