/**
 * For endpoints that do not take tool references (a gateway in front of the API, a provider that
 * rejects them): the request as such an endpoint can read it. Deferred tools (`defer_loading`)
 * are left out, except those the conversation has loaded (a tool_reference names them, or the
 * model called them), which are sent in full after the others, in the order they were loaded;
 * and each tool_reference becomes text holding the tool's whole definition. The rewrite depends
 * only on the request, so a resumed conversation reads the same, and earlier turns stay the same
 * (the cached prefix holds). Used from the start for a non-first-party ANTHROPIC_BASE_URL, or
 * from the first request the API rejects for its tool references onwards.
 */
import type { ContentBlockParam, MessageParam, Tool as ApiTool, ToolUnion } from "@anthropic-ai/sdk/resources/messages";
import { loadedToolText } from "./deferredToolsPrompt.ts";
import { ModelRequestError } from "./ModelRequestError.ts";
import type { CallModel, ModelRequest } from "./modelTypes.ts";
import { readToolSearchSetting } from "./toolSearchSetting.ts";

/** A deferred tool of ours (a custom tool: server tools are never deferred here). */
function isDeferred(tool: ToolUnion): tool is ApiTool {
  return "input_schema" in tool && tool.defer_loading === true;
}

/** The definition as the model would have read it, without what only the request needs. */
function definitionOf(tool: ApiTool | undefined): Omit<ApiTool, "defer_loading" | "cache_control"> | undefined {
  if (tool === undefined) return undefined;
  const { defer_loading: _deferred, cache_control: _mark, ...definition } = tool;
  return definition;
}

/** Names the conversation loaded, in the order it first did. */
function loadedNames(messages: readonly MessageParam[], deferred: ReadonlySet<string>): string[] {
  const loaded = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type === "tool_use" && deferred.has(block.name)) loaded.add(block.name);
      if (block.type !== "tool_result" || typeof block.content !== "object") continue;
      for (const part of block.content ?? []) if (part.type === "tool_reference" && deferred.has(part.tool_name)) loaded.add(part.tool_name);
    }
  }
  return [...loaded];
}

function withoutReferences(message: MessageParam, definitions: ReadonlyMap<string, ApiTool>): MessageParam {
  if (message.role === "system" || typeof message.content === "string") return message;
  let changed = false;
  const content = message.content.map((block): ContentBlockParam => {
    if (block.type !== "tool_result" || typeof block.content !== "object" || !block.content.some((part) => part.type === "tool_reference")) return block;
    changed = true;
    return {
      ...block,
      content: block.content.map((part) => {
        if (part.type !== "tool_reference") return part;
        return { type: "text" as const, text: loadedToolText(part.tool_name, definitionOf(definitions.get(part.tool_name))) };
      }),
    };
  });
  return changed ? { ...message, content } : message;
}

/** The request without defer_loading and tool references; unchanged when it has neither. */
export function toSchemasRequest(request: ModelRequest): ModelRequest {
  const tools = request.tools ?? [];
  const deferred = new Map(tools.filter(isDeferred).map((tool) => [tool.name, tool]));
  if (deferred.size === 0) return request;
  const loaded = loadedNames(request.messages, new Set(deferred.keys()));
  const full = loaded.flatMap((name) => {
    const definition = definitionOf(deferred.get(name));
    return definition === undefined ? [] : [definition];
  });
  return {
    ...request,
    tools: [...tools.filter((tool) => !isDeferred(tool)), ...full],
    messages: request.messages.map((message) => withoutReferences(message, deferred)),
  };
}

/** True for the API's refusal of a request's tool references or deferred tools. */
export function isToolReferenceRejection(error: unknown): boolean {
  return error instanceof ModelRequestError && error.status === 400 && /tool_reference|defer_loading|tool.?search/i.test(error.error.message);
}

/** True when the base URL is the first-party API, or the user set tool search to always on. */
export function sendsToolReferences(baseURL: string, env: Record<string, string | undefined> = process.env): boolean {
  if (readToolSearchSetting(env).kind === "on") return true;
  try {
    const host = new URL(baseURL).hostname;
    return host === "api.anthropic.com" || host.endsWith(".anthropic.com");
  } catch {
    return false;
  }
}

/**
 * A CallModel that sends tool references while the endpoint takes them: with `references`
 * false every request is rewritten; otherwise the first request the API rejects for them is sent
 * again rewritten, and so is every request after it.
 */
export function withToolReferenceFallback(callModel: CallModel, options: { references: boolean }): CallModel {
  let rewrite = !options.references;
  return async function* (request, signal) {
    if (rewrite) {
      yield* callModel(toSchemasRequest(request), signal);
      return;
    }
    let answered = false;
    try {
      for await (const event of callModel(request, signal)) {
        answered = true;
        yield event;
      }
    } catch (error) {
      const rewritten = toSchemasRequest(request);
      if (answered || rewritten === request || !isToolReferenceRejection(error)) throw error;
      rewrite = true;
      yield* callModel(rewritten, signal);
    }
  };
}
