/**
 * A stdio server's standard error: appended to `<sessionDirectory>/mcp-logs/<server>.log` up to a
 * size cap, with the last few lines kept in memory so a failure can say what the server said.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MAX_SERVER_LOG_BYTES } from "./mcpLimits.ts";

/** How much of the end of standard error is kept for messages. */
const TAIL_CHARS = 1500;

/** The log of one server process. */
export class ServerLog {
  private written = 0;
  private full = false;
  private failed = false;
  private tailText = "";

  constructor(readonly path: string, private readonly maxBytes = MAX_SERVER_LOG_BYTES) {}

  /** Appends a chunk of the server's output; past the cap, only the in-memory tail moves on. */
  write(chunk: Uint8Array | string): void {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    this.tailText = (this.tailText + text).slice(-TAIL_CHARS);
    if (this.full || this.failed) return;
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    const room = this.maxBytes - this.written;
    try {
      if (this.written === 0) mkdirSync(dirname(this.path), { recursive: true });
      if (bytes.length <= room) {
        appendFileSync(this.path, bytes);
        this.written += bytes.length;
        return;
      }
      appendFileSync(this.path, Buffer.concat([bytes.subarray(0, Math.max(0, room)), Buffer.from(`\n[toolshed: this log reached ${this.maxBytes} bytes; later output is left out]\n`)]));
      this.written = this.maxBytes;
      this.full = true;
    } catch {
      // A log that cannot be written must not stop the server; the tail is still kept.
      this.failed = true;
    }
  }

  /** A note from toolshed itself, such as a line on standard output that was not a message. */
  note(text: string): void {
    this.write(`[toolshed] ${text}\n`);
  }

  /** The last lines the server wrote, trimmed, for an error message. */
  tail(lines = 3): string {
    return this.tailText.trim().split("\n").slice(-lines).join("\n").trim();
  }
}
