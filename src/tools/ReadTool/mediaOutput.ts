/** What Read returns for files that are not plain text: content blocks for the model. */
import type { DocumentBlockParam, ImageBlockParam, TextBlockParam } from "@anthropic-ai/sdk/resources/messages";

export type MediaBlock = TextBlockParam | ImageBlockParam | DocumentBlockParam;

export interface MediaReadOutput {
  kind: "media";
  filePath: string;
  blocks: MediaBlock[];
}

/** The image extensions Read returns as image blocks. */
export const IMAGE_EXTENSIONS = new Set([".png", ".jpg", ".jpeg", ".gif", ".webp"]);

type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** The image type the bytes really are, from their first bytes; undefined when none of the four. */
export function detectImageType(bytes: Uint8Array): ImageMediaType | undefined {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP") return "image/webp";
  return undefined;
}

export function imageBlock(bytes: Uint8Array, mediaType: ImageMediaType): ImageBlockParam {
  return { type: "image", source: { type: "base64", media_type: mediaType, data: Buffer.from(bytes).toString("base64") } };
}
