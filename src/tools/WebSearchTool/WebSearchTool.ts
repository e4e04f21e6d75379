/**
 * WebSearch: the query is searched through the Messages API's server-side web search tool
 * (`web_search_20250305`: the version every platform that offers web search accepts, called
 * directly rather than from code execution), in one request to the session's model, which
 * summarises the results with citations. Its usage (web_search_requests included) is counted in
 * the run's. It asks before searching, as the leading agent does: the query leaves the machine.
 */
import type { ContentBlockParam, MessageParam, WebSearchTool20250305 } from "@anthropic-ai/sdk/resources/messages";
import { z } from "../../schema/zod.ts";
import { buildTool, type ToolResult } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { describeError } from "../../errors/describeError.ts";
import { modelService } from "../../query/modelAccess.ts";
import { requestModelMessage } from "../../query/requestModelMessage.ts";
import { MAX_DOMAINS, MAX_PAUSES, MAX_QUERY_CHARS, MAX_SEARCHES_PER_CALL, MAX_SUMMARY_TOKENS, MIN_QUERY_CHARS } from "./limits.ts";
import { askReason, CITE_SOURCES_NOTE, describeSearchError, DESCRIPTION, renderPrompt, renderSearchRequest, SEARCHER_SYSTEM_PROMPT, WEB_SEARCH_TOOL_NAME } from "./prompt.ts";
import { readSearchResults, type SearchResultEntry } from "./readSearchResults.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => {
  const domains = (what: string) => z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(MAX_DOMAINS), z.describe(what)));
  return z.strictObject({
    query: z.string().check(z.minLength(MIN_QUERY_CHARS), z.maxLength(MAX_QUERY_CHARS), z.describe("What to search for")),
    allowed_domains: domains("Only include results from these domains"),
    blocked_domains: domains("Never include results from these domains"),
  });
};

export interface WebSearchOutput {
  query: string;
  results: SearchResultEntry[];
  durationSeconds: number;
  /** Searches the API ran. */
  searchCount: number;
}

export const WebSearchTool = buildTool({
  name: WEB_SEARCH_TOOL_NAME,
  searchHint: "search the web internet current information news",
  inputSchema,
  maxResultSizeChars: 100_000,
  // Rarely needed in a coding session: once the pool is large, it is loaded on demand.
  shouldDefer: true,
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  interruptBehavior: () => "cancel",
  getToolUseSummary: (input) => input?.query ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input) {
    if (input.allowed_domains !== undefined && input.blocked_domains !== undefined) {
      return { result: false, message: "Give allowed_domains or blocked_domains, not both: the search service takes one list or the other." };
    }
    return { result: true };
  },
  async checkPermissions(input) {
    return { behavior: "ask", reason: askReason(input.query) };
  },
  async call(input, { context, signal }): Promise<ToolResult<WebSearchOutput>> {
    const started = performance.now();
    const access = context.services.use(modelService);
    const searchTool: WebSearchTool20250305 = {
      type: "web_search_20250305",
      name: "web_search",
      max_uses: MAX_SEARCHES_PER_CALL,
      ...(input.allowed_domains === undefined ? {} : { allowed_domains: input.allowed_domains }),
      ...(input.blocked_domains === undefined ? {} : { blocked_domains: input.blocked_domains }),
    };
    const messages: MessageParam[] = [{ role: "user", content: renderSearchRequest(input.query) }];
    const blocks: unknown[] = [];
    try {
      for (let pauses = 0; ; pauses += 1) {
        const { message } = await requestModelMessage(access, {
          model: access.model,
          max_tokens: Math.min(MAX_SUMMARY_TOKENS, access.maxOutputTokens(access.model)),
          system: [{ type: "text", text: SEARCHER_SYSTEM_PROMPT }],
          messages,
          tools: [searchTool],
        }, signal);
        blocks.push(...message.content);
        // A long search comes back paused: sent back as it is, the API carries on where it stopped.
        if (message.stop_reason !== "pause_turn" || pauses >= MAX_PAUSES) break;
        messages.push({ role: "assistant", content: message.content as unknown as ContentBlockParam[] });
      }
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ToolError(`The web search could not run: ${describeError(error)}`);
    }
    const found = readSearchResults(blocks);
    const links = found.results.some((entry) => typeof entry !== "string");
    if (!links && found.errors.length > 0) throw new ToolError(`The web search failed: ${describeSearchError(found.errors[0] ?? "")}.`);
    return {
      data: {
        query: input.query,
        results: found.results,
        durationSeconds: Math.round((performance.now() - started) / 100) / 10,
        searchCount: found.queries.length,
      },
    };
  },
  mapToolResultToToolResultBlockParam(output: WebSearchOutput, toolUseId) {
    const lines = [`Web search results for "${output.query}":`];
    for (const entry of output.results) {
      if (typeof entry === "string") lines.push("", entry);
      else if (entry.content.length === 0) lines.push("", "(This search found nothing.)");
      else lines.push("", ...entry.content.map((link) => `- [${link.title}](${link.url})`));
    }
    if (output.results.length === 0) lines.push("", "Nothing was found.");
    lines.push("", CITE_SOURCES_NOTE);
    return { type: "tool_result", tool_use_id: toolUseId, content: lines.join("\n") };
  },
});
