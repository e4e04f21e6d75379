/**
 * Builds the assistant message from the raw stream events of one attempt, and knows which of its
 * content blocks are complete (their content_block_stop arrived). That is what the retry rule
 * turns on: before any block completes a failed stream may be retried; after, the complete
 * blocks are kept and nothing is replayed. Each event is checked against a schema first, and an
 * event out of order is a StreamProtocolError.
 */
import type { ContentBlock, Message, RawMessageStreamEvent, Usage } from "@anthropic-ai/sdk/resources/messages";
import type * as Z from "zod/mini";
import { z } from "../schema/zod.ts";
import { StreamProtocolError } from "./classifyModelError.ts";

const count = z.optional(z.nullable(z.number()));
const index = z.number().check(z.int(), z.nonnegative());

// Only the fields the accumulator reads are checked (unknown keys pass through as sent), with
// one plain object schema per event type: the cheapest check zod offers, on the stream's hot path.
const eventSchemas: Readonly<Record<string, Z.ZodMiniType>> = {
  message_start: z.object({
    message: z.object({
      id: z.string(),
      model: z.string(),
      content: z.array(z.object({ type: z.string() })),
      usage: z.object({ input_tokens: z.number(), output_tokens: z.number(), cache_creation_input_tokens: count, cache_read_input_tokens: count }),
    }),
  }),
  content_block_start: z.object({ index, content_block: z.object({ type: z.string() }) }),
  content_block_delta: z.object({
    index,
    delta: z.object({
      type: z.string(),
      text: z.optional(z.string()),
      partial_json: z.optional(z.string()),
      thinking: z.optional(z.string()),
      signature: z.optional(z.string()),
    }),
  }),
  content_block_stop: z.object({ index }),
  message_delta: z.object({
    delta: z.object({ stop_reason: z.optional(z.nullable(z.string())) }),
    usage: z.object({ output_tokens: z.number(), input_tokens: count, cache_creation_input_tokens: count, cache_read_input_tokens: count }),
  }),
  message_stop: z.object({}),
};

interface BlockState {
  block: ContentBlock;
  /** The tool input's JSON so far, for blocks whose input streams. */
  json?: string;
  complete: boolean;
}

function withInput(block: ContentBlock, json: string): ContentBlock {
  if (block.type !== "tool_use" && block.type !== "server_tool_use") return block;
  const text = json.trim();
  if (text === "") return block;
  try {
    return { ...block, input: JSON.parse(text) };
  } catch {
    // Kept as text: the tool's input check then tells the model what was wrong with it.
    return { ...block, input: text };
  }
}

/** The assistant message of one attempt, assembled event by event. */
export class MessageAccumulator {
  #start: Message | undefined;
  #blocks: BlockState[] = [];
  #usage: Usage | undefined;
  #stopReason: Message["stop_reason"] = null;
  #stopSequence: Message["stop_sequence"] = null;
  #stopDetails: Message["stop_details"] = null;
  #stopped = false;

  /**
   * Adds one event and says whether it was one of the reply's own (false for a type it does not
   * know, which is left out); throws StreamProtocolError for an unreadable or out-of-order one.
   */
  add(event: RawMessageStreamEvent): boolean {
    // A `data: null` or `data: 3` line parses as JSON but is no event at all.
    if (typeof event !== "object" || event === null || typeof (event as { type?: unknown }).type !== "string") {
      throw new StreamProtocolError("an event was not an object with a type");
    }
    const schema = Object.hasOwn(eventSchemas, event.type) ? eventSchemas[event.type] : undefined;
    if (schema === undefined) return false;
    if (!schema.safeParse(event).success) throw new StreamProtocolError(`a ${event.type} event was not in the expected shape`);
    if (event.type === "message_start") {
      if (this.#start !== undefined) throw new StreamProtocolError("a second message_start arrived");
      this.#start = event.message;
      this.#usage = { ...event.message.usage };
      this.#blocks = event.message.content.map((block) => ({ block, complete: true }));
      return true;
    }
    if (this.#start === undefined || this.#usage === undefined) throw new StreamProtocolError(`${event.type} arrived before message_start`);
    if (this.#stopped) throw new StreamProtocolError(`${event.type} arrived after message_stop`);
    switch (event.type) {
      case "content_block_start":
        if (event.index !== this.#blocks.length) throw new StreamProtocolError(`block ${event.index} started where block ${this.#blocks.length} was due`);
        this.#blocks.push({ block: { ...event.content_block }, complete: false });
        return true;
      case "content_block_delta":
        this.#addDelta(this.#open(event.index), event.delta);
        return true;
      case "content_block_stop": {
        const state = this.#open(event.index);
        if (state.json !== undefined) state.block = withInput(state.block, state.json);
        state.complete = true;
        return true;
      }
      case "message_delta": {
        this.#stopReason = event.delta.stop_reason;
        this.#stopSequence = event.delta.stop_sequence ?? null;
        if (event.delta.stop_details != null) this.#stopDetails = event.delta.stop_details;
        // Counts other than output_tokens are whole-message totals, sent only when they apply.
        const usage = event.usage;
        this.#usage.output_tokens = usage.output_tokens;
        if (usage.input_tokens != null) this.#usage.input_tokens = usage.input_tokens;
        if (usage.cache_creation_input_tokens != null) this.#usage.cache_creation_input_tokens = usage.cache_creation_input_tokens;
        if (usage.cache_read_input_tokens != null) this.#usage.cache_read_input_tokens = usage.cache_read_input_tokens;
        if (usage.server_tool_use != null) this.#usage.server_tool_use = usage.server_tool_use;
        if (usage.output_tokens_details != null) this.#usage.output_tokens_details = usage.output_tokens_details;
        return true;
      }
      case "message_stop":
        this.#stopped = true;
        return true;
    }
    return false;
  }

  #open(at: number): BlockState {
    const state = this.#blocks[at];
    if (state === undefined) throw new StreamProtocolError(`an event named block ${at}, which never started`);
    if (state.complete) throw new StreamProtocolError(`an event named block ${at} after it stopped`);
    return state;
  }

  #addDelta(state: BlockState, delta: Extract<RawMessageStreamEvent, { type: "content_block_delta" }>["delta"]): void {
    const block = state.block;
    if (delta.type === "text_delta" && block.type === "text") state.block = { ...block, text: block.text + delta.text };
    else if (delta.type === "citations_delta" && block.type === "text") state.block = { ...block, citations: [...(block.citations ?? []), delta.citation] };
    else if (delta.type === "thinking_delta" && block.type === "thinking") state.block = { ...block, thinking: block.thinking + delta.thinking };
    else if (delta.type === "signature_delta" && block.type === "thinking") state.block = { ...block, signature: delta.signature };
    else if (delta.type === "input_json_delta") state.json = (state.json ?? "") + delta.partial_json;
    else throw new StreamProtocolError(`a ${delta.type} arrived for a ${block.type} block`);
  }

  /** True once message_start has arrived. */
  get started(): boolean {
    return this.#start !== undefined;
  }

  /** True once message_stop has arrived. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** How many content blocks are complete. */
  get completedBlocks(): number {
    return this.#blocks.filter((state) => state.complete).length;
  }

  /** The message so far; with `completeOnly`, without the blocks that did not finish. Undefined before message_start. */
  message(completeOnly = false): Message | undefined {
    if (this.#start === undefined || this.#usage === undefined) return undefined;
    const blocks = completeOnly ? this.#blocks.filter((state) => state.complete) : this.#blocks;
    return {
      ...this.#start,
      content: blocks.map((state) => state.block),
      stop_reason: this.#stopReason,
      stop_sequence: this.#stopSequence,
      stop_details: this.#stopDetails,
      usage: { ...this.#usage },
    };
  }
}
