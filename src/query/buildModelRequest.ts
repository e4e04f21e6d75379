/**
 * One request of the loop: the model, the system prompt, the pool's tools in their stable order
 * (the prompt cache's key), the conversation, and the cache breakpoints. Deferred tools (see
 * planToolDeferral) go with `defer_loading: true`, which keeps them out of the prompt until a
 * tool_reference loads them, and a system block names them; an endpoint that takes no tool
 * references gets the request rewritten by withToolReferenceFallback.
 */
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { ToolUseContext } from "../Tool.ts";
import { addCacheBreakpoints } from "./cacheControl.ts";
import type { ConversationMessage } from "./conversation.ts";
import { deferredToolsText } from "./deferredToolsPrompt.ts";
import { planDeferral, poolDefinitions } from "./deferredTools.ts";
import type { ModelRequest } from "./modelTypes.ts";

export interface ModelRequestParts {
  model: string;
  maxTokens: number;
  system: TextBlockParam[];
  messages: readonly ConversationMessage[];
  context: ToolUseContext;
}

/** The request for the next answer. */
export async function buildModelRequest(parts: ModelRequestParts): Promise<ModelRequest> {
  const { tools: definitions } = await poolDefinitions(parts.context);
  const plan = await planDeferral(parts.context, parts.model);
  const deferred = new Set(plan.deferred);
  const tools = definitions.map((tool) => (deferred.has(tool.name) ? { ...tool, defer_loading: true } : tool));
  const system = plan.loader !== undefined && plan.deferred.length > 0
    ? [...parts.system, { type: "text" as const, text: deferredToolsText(plan.loader, plan.deferred) }]
    : parts.system;
  const cached = addCacheBreakpoints({ tools, system, messages: parts.messages });
  return { model: parts.model, max_tokens: parts.maxTokens, ...cached };
}
