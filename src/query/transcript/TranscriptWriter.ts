/**
 * Appends a session's messages to its transcript as they happen, one line per message, each
 * written whole in one call, so a kill at any moment leaves every earlier line intact (a torn
 * last line is skipped when the transcript is read back). The file is readable by its owner only:
 * transcripts hold what tools read.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { describeError } from "../../errors/describeError.ts";
import type { TranscriptEntry, TranscriptMessage } from "./transcriptEntry.ts";

export class TranscriptWriter {
  private last: string | null;
  private failed = false;

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
      appendFileSync(this.path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    } catch (error) {
      this.failed = true;
      this.warn(`the transcript ${this.path} could not be written (${describeError(error)}); this session cannot be resumed`);
    }
    return uuid;
  }
}
