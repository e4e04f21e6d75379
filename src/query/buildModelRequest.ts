/**
 * One request of the loop: the model, the system prompt, the pool's tools in their stable order
 * (the prompt cache's key), the conversation, and the cache breakpoints.
 */
import type { TextBlockParam, Tool as ApiTool } from "@anthropic-ai/sdk/resources/messages";
import type { ToolUseContext } from "../Tool.ts";
import { describeToolsForApi } from "../pipeline/describeToolsForApi.ts";
import { addCacheBreakpoints } from "./cacheControl.ts";
import type { ConversationMessage } from "./conversation.ts";
import type { ModelRequest } from "./modelTypes.ts";

export interface ModelRequestParts {
  model: string;
  maxTokens: number;
  system: TextBlockParam[];
  messages: readonly ConversationMessage[];
  context: ToolUseContext;
}

/** The tools' API definitions are made once per pool: their text must not change from turn to turn. */
const definitions = new WeakMap<object, Promise<ApiTool[]>>();

function toolsFor(context: ToolUseContext): Promise<ApiTool[]> {
  const pool = context.options.tools;
  let made = definitions.get(pool);
  if (made === undefined) {
    made = describeToolsForApi(context.options, context.services).then((tools) => tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.input_schema })));
    definitions.set(pool, made);
  }
  return made;
}

/** The request for the next answer. */
export async function buildModelRequest(parts: ModelRequestParts): Promise<ModelRequest> {
  const cached = addCacheBreakpoints({ tools: await toolsFor(parts.context), system: parts.system, messages: parts.messages });
  return { model: parts.model, max_tokens: parts.maxTokens, ...cached };
}
