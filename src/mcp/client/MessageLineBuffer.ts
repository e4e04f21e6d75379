/**
 * A stdio server's output cut into lines, with a cap on how long one line may grow: a server
 * that never ends a line cannot fill toolshed's memory. Lines end at "\n"; a "\r" before it is
 * dropped.
 */

export class MessageLineBuffer {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  /** Adds output; returns the lines it completed. Throws when a line passes the cap (the buffer is then empty). */
  append(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10)) {
      const tail = data.subarray(0, end);
      const whole = this.chunks.length === 0 ? tail : Buffer.concat([...this.chunks, tail]);
      if (whole.length > this.maxBytes) return this.overflow();
      this.chunks = [];
      this.size = 0;
      const text = whole.toString("utf8");
      lines.push(text.endsWith("\r") ? text.slice(0, -1) : text);
      data = data.subarray(end + 1);
    }
    if (data.length > 0) {
      this.size += data.length;
      if (this.size > this.maxBytes) return this.overflow();
      this.chunks.push(Buffer.from(data));
    }
    return lines;
  }

  private overflow(): never {
    this.clear();
    throw new Error(`a message is longer than ${this.maxBytes} bytes`);
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
  }
}
