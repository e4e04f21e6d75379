/** The content hash toolshed keeps for files it has read or written. */

/** SHA-256 of `bytes`, in hex. */
export function hashBytes(bytes: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
}
