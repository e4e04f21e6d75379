/** Turns a tool_result block into an MCP tool result: text stays text, images stay images, is_error becomes isError. */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { unsupportedPart } from "./prompt.ts";

type Part = Exclude<ToolResultBlockParam["content"], string | undefined>[number];

function toContent(part: Part): ContentBlock {
  if (part.type === "text") return { type: "text", text: part.text };
  if (part.type === "image" && part.source.type === "base64") return { type: "image", data: part.source.data, mimeType: part.source.media_type };
  return { type: "text", text: unsupportedPart(part.type) };
}

/** The MCP result for one call's tool_result. */
export function toMcpResult(block: ToolResultBlockParam): CallToolResult {
  const content: ContentBlock[] = typeof block.content === "string" || block.content === undefined
    ? [{ type: "text", text: block.content ?? "" }]
    : block.content.map(toContent);
  return { content, ...(block.is_error === true ? { isError: true } : {}) };
}
