/**
 * Prompt-cache breakpoints for one request. The prefix is tools, then system, then messages, and
 * the cache is written only at breakpoints, so one goes at the end of each stable part (the last
 * tool, the last system block) and one moves with the conversation (the last block of the latest
 * message). The API allows at most four, rejects one on a deferred tool (defer_loading) and on
 * blocks that cannot carry one (thinking, redacted thinking, empty text). The inputs are never
 * changed: what gets a breakpoint is copied.
 */
import type { CacheControlEphemeral, ContentBlockParam, MessageParam, TextBlockParam, ToolUnion } from "@anthropic-ai/sdk/resources/messages";

/** The API's limit on breakpoints in one request. */
export const MAX_CACHE_BREAKPOINTS = 4;

export interface CacheablePieces {
  /** In the stable order the pool gives them. */
  tools?: readonly ToolUnion[];
  system?: string | readonly TextBlockParam[];
  messages: readonly MessageParam[];
}

export interface CachedPieces {
  tools?: ToolUnion[];
  system?: TextBlockParam[] | string;
  messages: MessageParam[];
}

export interface CacheBreakpointOptions {
  /** The cache lifetime; the API's default (5 minutes) when unset. */
  ttl?: "5m" | "1h";
}

interface Markable {
  type: string;
  cache_control?: CacheControlEphemeral | null;
}

function canCarry(block: Markable): boolean {
  if (block.type === "thinking" || block.type === "redacted_thinking") return false;
  return !("text" in block) || typeof block.text !== "string" || block.text !== "";
}

function hasMark(item: { cache_control?: CacheControlEphemeral | null }): boolean {
  return item.cache_control != null;
}

function countMarks(pieces: CacheablePieces): number {
  const blocksOf = (content: string | readonly Markable[]) => (typeof content === "string" ? [] : content);
  const tools = (pieces.tools ?? []).filter(hasMark).length;
  const system = blocksOf(pieces.system ?? []).filter(hasMark).length;
  const messages = pieces.messages.reduce((sum, message) => sum + blocksOf(message.content).filter(hasMark).length, 0);
  return tools + system + messages;
}

/** The blocks with a mark on the last one that can carry it; undefined when none can, or it has one. */
function markLast<T extends Markable>(blocks: readonly T[], marker: CacheControlEphemeral): T[] | undefined {
  for (let at = blocks.length - 1; at >= 0; at -= 1) {
    const block = blocks[at];
    if (block === undefined || !canCarry(block)) continue;
    if (hasMark(block)) return undefined;
    const copy = [...blocks];
    copy[at] = { ...block, cache_control: marker };
    return copy;
  }
  return undefined;
}

function markTools(tools: readonly ToolUnion[], marker: CacheControlEphemeral): ToolUnion[] | undefined {
  for (let at = tools.length - 1; at >= 0; at -= 1) {
    const tool = tools[at];
    // A deferred tool is not in the prompt's prefix (and the API refuses a breakpoint on it).
    if (tool === undefined || ("defer_loading" in tool && tool.defer_loading === true)) continue;
    if (hasMark(tool)) return undefined;
    const copy = [...tools];
    copy[at] = { ...tool, cache_control: marker };
    return copy;
  }
  return undefined;
}

function textBlocks(text: string): TextBlockParam[] {
  return text === "" ? [] : [{ type: "text", text }];
}

function markMessage(message: MessageParam, marker: CacheControlEphemeral): MessageParam | undefined {
  if (message.role === "system") {
    const blocks = markLast(typeof message.content === "string" ? textBlocks(message.content) : message.content, marker);
    return blocks === undefined ? undefined : { ...message, content: blocks };
  }
  const content: readonly ContentBlockParam[] = typeof message.content === "string" ? textBlocks(message.content) : message.content;
  const blocks = markLast(content, marker);
  return blocks === undefined ? undefined : { ...message, content: blocks };
}

/**
 * The pieces with breakpoints added on the last tool, the last system block and the last block
 * of the latest message, in that order of priority, as far as the limit of four allows counting
 * the breakpoints already there. A system prompt given as text comes back as one text block
 * when it gets a breakpoint.
 */
export function addCacheBreakpoints(pieces: CacheablePieces, options: CacheBreakpointOptions = {}): CachedPieces {
  const marker: CacheControlEphemeral = options.ttl === undefined ? { type: "ephemeral" } : { type: "ephemeral", ttl: options.ttl };
  let room = MAX_CACHE_BREAKPOINTS - countMarks(pieces);
  const result: CachedPieces = {
    ...(pieces.tools === undefined ? {} : { tools: [...pieces.tools] }),
    ...(pieces.system === undefined ? {} : { system: typeof pieces.system === "string" ? pieces.system : [...pieces.system] }),
    messages: [...pieces.messages],
  };
  if (room > 0 && pieces.tools !== undefined) {
    const tools = markTools(pieces.tools, marker);
    if (tools !== undefined) {
      result.tools = tools;
      room -= 1;
    }
  }
  if (room > 0 && pieces.system !== undefined) {
    const system = markLast(typeof pieces.system === "string" ? textBlocks(pieces.system) : pieces.system, marker);
    if (system !== undefined) {
      result.system = system;
      room -= 1;
    }
  }
  const lastAt = pieces.messages.length - 1;
  const last = pieces.messages[lastAt];
  if (room > 0 && last !== undefined) {
    const marked = markMessage(last, marker);
    if (marked !== undefined) result.messages[lastAt] = marked;
  }
  return result;
}
