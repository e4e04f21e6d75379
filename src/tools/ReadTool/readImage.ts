/** Read of an image: the bytes as an image block, checked to be the image they claim to be. */
import { ToolError } from "../../errors/ToolError.ts";
import { MAX_IMAGE_BYTES } from "./limits.ts";
import { detectImageType, imageBlock, type MediaReadOutput } from "./mediaOutput.ts";

export function readImage(filePath: string, bytes: Uint8Array): MediaReadOutput {
  const mediaType = detectImageType(bytes);
  if (mediaType === undefined) throw new ToolError(`${filePath} is not a PNG, JPEG, GIF or WebP image, whatever its name says.`);
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new ToolError(
      `${filePath} is ${Math.ceil(bytes.length / 1000)} KB, more than the ${Math.floor(MAX_IMAGE_BYTES / 1000)} KB an image may have. ` +
        "Make a smaller copy (for example with ImageMagick through Bash) and read that.",
    );
  }
  return {
    kind: "media",
    filePath,
    blocks: [{ type: "text", text: `Image ${filePath} (${mediaType}, ${bytes.length} bytes):` }, imageBlock(bytes, mediaType)],
  };
}
