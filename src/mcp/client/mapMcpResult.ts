/**
 * Turns what an MCP server returned for a call into the content of a tool_result: text as text,
 * images the model can see as image blocks, everything else as a short note, and structured
 * results as JSON text.
 */
import type { ImageBlockParam, TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import {
  audioNote,
  embeddedBlobNote,
  embeddedTextHeader,
  EMPTY_RESULT,
  imageSizeNote,
  imageTypeNote,
  resourceLinkNote,
  structuredContentHeader,
} from "./prompt.ts";

/** What an MCP tool's call produces, ready for its tool_result block. */
export interface McpToolOutput {
  content: Array<TextBlockParam | ImageBlockParam>;
  isError: boolean;
}

/** The image types the Messages API accepts, and the size one image may have. */
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
type ImageType = (typeof IMAGE_TYPES)[number];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The size of the data that base64 text stands for. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function isImageType(mimeType: string): mimeType is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(mimeType);
}

function text(value: string): TextBlockParam {
  return { type: "text", text: value };
}

function mapBlock(block: ContentBlock): TextBlockParam | ImageBlockParam {
  switch (block.type) {
    case "text":
      return text(block.text);
    case "image": {
      const mimeType = block.mimeType.toLowerCase();
      if (!isImageType(mimeType)) return text(imageTypeNote(block.mimeType));
      const bytes = base64Bytes(block.data);
      if (bytes > MAX_IMAGE_BYTES) return text(imageSizeNote(bytes, MAX_IMAGE_BYTES));
      return { type: "image", source: { type: "base64", media_type: mimeType, data: block.data } };
    }
    case "audio":
      return text(audioNote(block.mimeType, base64Bytes(block.data)));
    case "resource_link":
      return text(resourceLinkNote(block));
    case "resource": {
      const resource = block.resource;
      if ("text" in resource) return text(`${embeddedTextHeader(resource.uri)}\n${resource.text}`);
      return text(embeddedBlobNote(resource.uri, resource.mimeType, base64Bytes(resource.blob)));
    }
  }
}

/**
 * Maps a result. With `structuredContent`, its JSON stands for the text: the spec has servers
 * repeat the structured result as text for older clients, and the leading agent drops the text
 * blocks then too; images and resources are kept.
 */
export function mapMcpResult(result: CallToolResult): McpToolOutput {
  const structured = result.structuredContent;
  const blocks = structured === undefined ? result.content : result.content.filter((block) => block.type !== "text");
  const content = blocks.map(mapBlock);
  if (structured !== undefined) content.unshift(text(`${structuredContentHeader()}\n${JSON.stringify(structured, null, 2)}`));
  if (content.length === 0) content.push(text(EMPTY_RESULT));
  return { content, isError: result.isError === true };
}
