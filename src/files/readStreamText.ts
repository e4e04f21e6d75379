/**
 * A stream read within a limit and, when a signal is given, until it aborts: a service answering
 * without end, or a child process whose own child holds the pipe open, cannot fill toolshed's
 * memory or keep it waiting.
 */

/** What was read: the text (at most the limit), `cut` when there was more, `stopped` when the signal ended the read. */
export interface StreamText {
  text: string;
  cut: boolean;
  stopped: boolean;
}

/** The stream's text, at most `maxBytes` of it; the rest is not read. */
export async function readStreamText(stream: ReadableStream<Uint8Array> | null, maxBytes: number, signal?: AbortSignal): Promise<StreamText> {
  if (stream === null) return { text: "", cut: false, stopped: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  let stopped = false;
  const stop = () => {
    stopped = true;
    void reader.cancel().catch(() => {});
  };
  if (signal?.aborted) stop();
  else signal?.addEventListener("abort", stop, { once: true });
  try {
    while (!stopped) {
      const { value, done } = await reader.read();
      if (done || stopped) break;
      const room = maxBytes - size;
      if (value.length > room) {
        chunks.push(value.subarray(0, room));
        size = maxBytes;
        cut = true;
        break;
      }
      chunks.push(value);
      size += value.length;
    }
  } finally {
    signal?.removeEventListener("abort", stop);
    if (cut || stopped) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  return { text: Buffer.concat(chunks, size).toString("utf8"), cut, stopped };
}
