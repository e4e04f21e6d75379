/**
 * The JavaScript chunks a compiled executable carries, read from its embedded bundle and checked
 * against the metafile of the compile that wrote it: the same files, each of the size the metafile
 * gives. Anything else (no payload, a layout not known, a file missing or of another size) gives
 * undefined.
 */
import type { Chunk, Metafile } from "./bundleFlavor.ts";
import { findBunPayload } from "./bunPayload.ts";
import { embeddedFiles } from "./embeddedFiles.ts";

export function chunksInBinary(binary: Buffer, metafile: Metafile): Chunk[] | undefined {
  const payload = findBunPayload(binary);
  const files = payload === undefined ? undefined : embeddedFiles(payload);
  if (files === undefined) return undefined;
  const outputs = new Map(Object.entries(metafile.outputs).map(([path, output]) => [path.replace(/^\.\//, ""), output]));
  const javascript = files.filter((file) => file.javascript);
  if (javascript.length !== outputs.size) return undefined;
  const chunks: Chunk[] = [];
  for (const file of javascript) {
    const output = outputs.get(file.name);
    if (output === undefined || output.bytes !== file.contents.length) return undefined;
    // Bun writes its output as ASCII (it escapes the rest), which latin1 reads byte for byte.
    chunks.push({ path: file.name, entryPoint: output.entryPoint ?? undefined, text: file.contents.toString("latin1") });
  }
  return chunks;
}
