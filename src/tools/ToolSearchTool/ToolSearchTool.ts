/**
 * ToolSearch: loads deferred tools. Its result holds a `tool_reference` block per tool found,
 * which the API expands into that tool's definition (the tools are in the request with
 * `defer_loading`); for an endpoint that takes no references, the loop's fallback turns each
 * reference into the full definition and sends the tool in full from then on. Never deferred
 * itself (its `loadsTools` tag says so), read-only, and asks nothing.
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { z } from "../../schema/zod.ts";
import { buildTool, type ToolResult } from "../../Tool.ts";
import { planDeferral } from "../../query/deferredTools.ts";
import { DEFAULT_MAX_RESULTS, DESCRIPTION, MAX_RESULTS_LIMIT, noMatchText, renderPrompt, TOOL_SEARCH_TOOL_NAME, unloadableText } from "./prompt.ts";
import { searchTools } from "./searchTools.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  query: z.string().check(z.minLength(1), z.describe('"select:<name>,<name>" to load tools by name, or keywords to search the deferred tools')),
  max_results: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_RESULTS_LIMIT)))
    .check(z.describe(`How many tools a keyword search loads at most (${DEFAULT_MAX_RESULTS} by default)`)),
});

export interface ToolSearchOutput {
  query: string;
  /** The tools loaded, best first. */
  matches: string[];
  alreadyLoaded: string[];
  unknown: string[];
  totalDeferredTools: number;
}

export const ToolSearchTool = buildTool({
  name: TOOL_SEARCH_TOOL_NAME,
  searchHint: "find load deferred tools schema",
  inputSchema,
  maxResultSizeChars: 100_000,
  tags: ["loadsTools"],
  shouldDefer: false,
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  getToolUseSummary: (input) => input?.query ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async call(input, { context }): Promise<ToolResult<ToolSearchOutput>> {
    const pool = context.options.tools;
    const plan = await planDeferral(context, context.options.model);
    const deferred = new Set(plan.deferred);
    const describe = (tool: (typeof pool)[number]) => tool.prompt({ tools: pool, hiddenTools: context.options.hiddenTools, services: context.services });
    const found = await searchTools(input.query, pool, deferred, input.max_results ?? DEFAULT_MAX_RESULTS, describe);
    return { data: { query: input.query, ...found, totalDeferredTools: deferred.size } };
  },
  mapToolResultToToolResultBlockParam(output: ToolSearchOutput, toolUseId): ToolResultBlockParam {
    const note = unloadableText(output.alreadyLoaded, output.unknown);
    if (output.matches.length === 0) {
      return { type: "tool_result", tool_use_id: toolUseId, content: note === "" ? noMatchText(output.query, output.totalDeferredTools) : note };
    }
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: [
        ...output.matches.map((name) => ({ type: "tool_reference" as const, tool_name: name })),
        ...(note === "" ? [] : [{ type: "text" as const, text: note }]),
      ],
    };
  },
  renderResultForTerminal(output: ToolSearchOutput) {
    const loaded = output.matches.length === 0 ? noMatchText(output.query, output.totalDeferredTools) : `Loaded: ${output.matches.join(", ")}`;
    return [loaded, unloadableText(output.alreadyLoaded, output.unknown)].filter((line) => line !== "").join("\n");
  },
});
