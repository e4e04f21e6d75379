/**
 * Work running in the background (a shell command, or a sub-agent in this process): its output
 * file, status and exit code.
 */
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, statSync } from "node:fs";
import { MAX_TASK_LOG_BYTES } from "./limits.ts";
import type { ShellProcess } from "./spawnShellCommand.ts";
import type { StopReport } from "./stopCommand.ts";
import { guardLeftoverOutput } from "./guardLeftoverOutput.ts";
import { watchFileSize } from "./watchFileSize.ts";

/** What a task runs: a shell process, or work in this process (which has no process group of its own). */
export type TaskProcess = Omit<ShellProcess, "pid" | "stop" | "killTagged"> & { pid?: number; stop(): Promise<StopReport | void>; killTagged?(): void };

export type TaskStatus = "running" | "completed" | "failed" | "killed";

/** New output read from a task, with what remains unread. */
export interface TaskOutputChunk {
  text: string;
  /** Bytes still unread after this chunk (the chunk was cut at the size limit). */
  remainingBytes: number;
  /** Bytes dropped unread since the last read, because the log passed MAX_TASK_LOG_BYTES and was emptied. */
  droppedBytes: number;
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
  private droppedUnread = 0;
  /** Settles when the task has ended, however it ended. */
  readonly done: Promise<void>;
  /** The last stop's report: what could not be stopped. */
  stopReport: StopReport | undefined;

  constructor(
    readonly id: string,
    readonly command: string,
    readonly description: string | undefined,
    readonly outputPath: string,
    private readonly process: TaskProcess,
    maxLogBytes: number = MAX_TASK_LOG_BYTES,
  ) {
    const stopWatching = watchFileSize(outputPath, maxLogBytes, () => this.emptyLog());
    this.done = process.exited.then((code) => {
      stopWatching();
      // Processes the command left running still write here: past the limit they are stopped.
      if (process.pid !== undefined) {
        guardLeftoverOutput({
          outputPath,
          maxBytes: maxLogBytes,
          leader: process.pid,
          stop: () => process.stop(),
          killTagged: () => process.killTagged?.(),
          // What was not read is counted as dropped, as when the log is emptied while the task runs.
          onStopped: (size) => {
            this.droppedUnread += Math.max(0, size - this.readOffset);
            this.readOffset = 0;
          },
        });
      }
      if (this.status === "running") this.status = code === 0 ? "completed" : "failed";
      this.exitCode = code;
      this.endedAt = Date.now();
    });
  }

  /**
   * Empties the log, which passed its limit; the task keeps running and writes on from the start
   * (its output is opened for appending). What was not read yet is counted as dropped.
   */
  private emptyLog(): void {
    let descriptor: number;
    try {
      descriptor = openSync(this.outputPath, "r+");
    } catch {
      return;
    }
    try {
      const size = fstatSync(descriptor).size;
      ftruncateSync(descriptor, 0);
      this.droppedUnread += Math.max(0, size - this.readOffset);
      this.readOffset = 0;
    } catch {
      // Left as it is; the next check tries again.
    } finally {
      closeSync(descriptor);
    }
  }

  /** Output written since the last read, at most `maxBytes` of it. */
  readNewOutput(maxBytes: number): TaskOutputChunk {
    const droppedBytes = this.droppedUnread;
    this.droppedUnread = 0;
    let size = 0;
    try {
      size = statSync(this.outputPath).size;
    } catch {
      return { text: "", remainingBytes: 0, droppedBytes };
    }
    const available = size - this.readOffset;
    if (available <= 0) return { text: "", remainingBytes: 0, droppedBytes };
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
    return { text: new TextDecoder().decode(bytes.subarray(0, cut)), remainingBytes: size - this.readOffset, droppedBytes };
  }

  /**
   * Stops the task and everything it started, including processes its shell left behind (in its
   * group or out of it); reports what could not be stopped.
   */
  async stop(): Promise<StopReport> {
    if (this.status === "running") this.status = "killed";
    // Work in this process has no processes of its own to leave behind.
    this.stopReport = (await this.process.stop()) ?? { complete: true, survivors: [] };
    await this.done;
    return this.stopReport;
  }
}
