/**
 * Appends a session's messages to its transcript as they happen, one line per message, each
 * written whole in one call, so a kill at any moment leaves every earlier line intact (a torn
 * last line is skipped when the transcript is read back, and the first line a later run appends
 * starts on a line of its own). The file is readable by its owner only: transcripts hold what
 * tools read.
 */
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync } from "node:fs";
import { dirname } from "node:path";
import { describeError } from "../../errors/describeError.ts";
import type { TranscriptEntry, TranscriptMessage } from "./transcriptEntry.ts";

/** True when the file exists, is not empty and its last byte is not a newline (a line torn by a kill or a full disk). */
function endsMidLine(path: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch {
    return false;
  }
  try {
    const last = Buffer.alloc(1);
    const { size } = fstatSync(descriptor);
    return size > 0 && readSync(descriptor, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
  } finally {
    closeSync(descriptor);
  }
}

export class TranscriptWriter {
  private last: string | null;
  private failed = false;
  /** Whether the file's end was looked at (once, before the first line this writer appends). */
  private endChecked = false;

  /** `parentUuid` is the last entry of the history this session continues, if any. */
  constructor(
    readonly path: string,
    private readonly sessionId: string,
    private readonly cwd: string,
    parentUuid: string | null = null,
    private readonly warn: (text: string) => void = () => {},
  ) {
    this.last = parentUuid;
  }

  /** Appends one message and returns its uuid (also when the write failed: the run goes on). */
  append(type: TranscriptEntry["type"], message: TranscriptMessage, uuid: string = crypto.randomUUID()): string {
    return this.write({ type, uuid, parentUuid: this.last, sessionId: this.sessionId, timestamp: new Date().toISOString(), cwd: this.cwd, message });
  }

  /**
   * Starts the chain over with the summary of a compaction: the entry has no parent, so reading
   * the transcript back gives the compacted conversation, and the entry it followed is kept as
   * `logicalParentUuid`.
   */
  appendCompactSummary(message: TranscriptMessage, boundary: { trigger: "manual" | "auto"; preTokens: number }, uuid: string = crypto.randomUUID()): string {
    const compactBoundary = { ...boundary, logicalParentUuid: this.last };
    return this.write({ type: "user", uuid, parentUuid: null, sessionId: this.sessionId, timestamp: new Date().toISOString(), cwd: this.cwd, message, compactBoundary });
  }

  private write(entry: TranscriptEntry): string {
    const { uuid } = entry;
    this.last = uuid;
    if (this.failed) return uuid;
    try {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      // A torn last line of an earlier run is ended first, so this line is not glued onto it.
      const start = !this.endChecked && endsMidLine(this.path) ? "\n" : "";
      this.endChecked = true;
      appendFileSync(this.path, `${start}${JSON.stringify(entry)}\n`, { mode: 0o600 });
    } catch (error) {
      this.failed = true;
      this.warn(`the transcript ${this.path} could not be written (${describeError(error)}); nothing from here on is saved, so resuming this session goes on from before this point`);
    }
    return uuid;
  }
}
