/** A response body read within a limit: a service answering without end cannot fill toolshed's memory. */

/** The body's text, at most `maxBytes` of it; `cut` when there was more (the rest is not read). */
export async function readResponseText(response: Response, maxBytes: number): Promise<{ text: string; cut: boolean }> {
  if (response.body === null) return { text: "", cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
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
    if (cut) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  return { text: Buffer.concat(chunks, size).toString("utf8"), cut };
}
