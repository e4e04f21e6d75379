/**
 * A stdio server's output cut into lines, with a cap on how long one line may grow: a server
 * that never ends a line cannot fill toolshed's memory. The unfinished line is kept in one
 * buffer that doubles as it fills (never past the cap), so a server writing a byte at a time
 * costs no more than one writing in large pieces. Lines end at "\n"; a "\r" before it is dropped.
 */

const FIRST_CAPACITY = 64 * 1024;

export class MessageLineBuffer {
  private pending: Buffer = Buffer.alloc(0);
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  /** Adds output; returns the lines it completed. Throws when a line passes the cap (the buffer is then empty). */
  append(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10)) {
      this.keep(data.subarray(0, end));
      const text = this.pending.toString("utf8", 0, this.used);
      this.used = 0;
      // One long message does not keep its buffer for the rest of the connection.
      if (this.pending.length > FIRST_CAPACITY) this.pending = Buffer.alloc(0);
      lines.push(text.endsWith("\r") ? text.slice(0, -1) : text);
      data = data.subarray(end + 1);
    }
    if (data.length > 0) this.keep(data);
    return lines;
  }

  /** Adds bytes to the unfinished line, growing the buffer as needed; throws past the cap. */
  private keep(bytes: Buffer): void {
    const needed = this.used + bytes.length;
    if (needed > this.maxBytes) {
      this.clear();
      throw new Error(`a message is longer than ${this.maxBytes} bytes`);
    }
    if (needed > this.pending.length) {
      let capacity = Math.max(this.pending.length, FIRST_CAPACITY);
      while (capacity < needed) capacity *= 2;
      const grown = Buffer.allocUnsafe(Math.min(capacity, this.maxBytes));
      this.pending.copy(grown, 0, 0, this.used);
      this.pending = grown;
    }
    bytes.copy(this.pending, this.used);
    this.used = needed;
  }

  clear(): void {
    this.pending = Buffer.alloc(0);
    this.used = 0;
  }
}
