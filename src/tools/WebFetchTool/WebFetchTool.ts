/**
 * WebFetch: a page fetched (with a size cap, a deadline and redirects kept within its host), HTML
 * turned into Markdown, and the model's question answered about it by the session's small, fast
 * model. Permission is judged before anything goes on the network (no lookup, so a name cannot
 * leak what the model put in it); the call then resolves the host and connects to exactly those
 * addresses. A host on this machine or the local network asks, naming its address (a second
 * question when only the lookup showed it), and so does any other host unless a rule such as
 * `WebFetch(domain:example.com)` allows it.
 */
import { z } from "../../schema/zod.ts";
import { buildTool, type ToolResult } from "../../Tool.ts";
import { DESCRIPTION, moreContentNote, renderPrompt, WEB_FETCH_TOOL_NAME } from "./prompt.ts";
import type { WebFetchOutput } from "./webFetchCall.ts";

export type { WebFetchOutput };

// The network, the page cache and the reader are loaded on first use: start-up never loads
// node:net or node:dns for a tool it may not call.
const loadCall = () => import("./webFetchCall.ts");

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  url: z.string().check(z.minLength(1), z.describe("The URL to fetch: a full http or https URL")),
  prompt: z.string().check(z.minLength(1), z.describe("What to find out from the page")),
  offset: z.optional(z.int().check(z.nonnegative()))
    .check(z.describe("Where in the page's text to start reading, from an earlier result that said the page goes on; 0 by default")),
});

export const WebFetchTool = buildTool({
  name: WEB_FETCH_TOOL_NAME,
  searchHint: "fetch read web page url http website docs",
  inputSchema,
  maxResultSizeChars: 100_000,
  // Rarely needed in a coding session: once the pool is large, it is loaded on demand.
  shouldDefer: true,
  ruleFamily: "urls",
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  interruptBehavior: () => "cancel",
  permissionSubjects: (input) => [{ kind: "url", url: input.url }],
  getToolUseSummary: (input) => input?.url ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input) {
    return (await loadCall()).validateFetchInput(input);
  },
  async checkPermissions(input) {
    return (await loadCall()).checkFetchPermissions(input);
  },
  async call(input, { context, signal, canUseTool }): Promise<ToolResult<WebFetchOutput>> {
    return (await loadCall()).callWebFetch(input, context, signal, () => canUseTool({ tool: WebFetchTool, input, context, signal }));
  },
  mapToolResultToToolResultBlockParam(output: WebFetchOutput, toolUseId) {
    const more = output.window === undefined ? "" : moreContentNote(output.window);
    return { type: "tool_result", tool_use_id: toolUseId, content: output.result + more };
  },
});
