/** ListMcpResources: the resources the session's MCP servers offer, reached through the session's MCP service. */
import * as z from "zod/mini";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { serverDenied, serverToolNames } from "../../mcp/serverRules.ts";
import type { McpResource } from "../../session/types.ts";
import { DESCRIPTION, formatResources, LIST_MCP_RESOURCES_TOOL_NAME, NO_SERVERS, renderPrompt, SERVER_PARAMETER } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  server: z.optional(z.string().check(z.minLength(1))).check(z.describe(SERVER_PARAMETER)),
});

export interface ListMcpResourcesOutput {
  server?: string;
  resources: McpResource[];
}

export const ListMcpResourcesTool = buildTool({
  name: LIST_MCP_RESOURCES_TOOL_NAME,
  searchHint: "mcp resources list server",
  inputSchema,
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionSubjects: (input) => (input.server === undefined ? [] : [{ kind: "named", name: input.server }]),
  // A rule on the whole server (`mcp__db`) covers its resources; a listing of every server leaves denied ones out.
  ruleNamesFor: (input, context) => (input.server === undefined ? [] : serverToolNames(context, input.server)),
  getToolUseSummary: (input) => input?.server ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt(),
  async call(input, { context, signal }) {
    const mcp = context.services.mcp;
    if (mcp.list().length === 0) throw new ToolError(NO_SERVERS);
    const resources = await mcp.listResources(input.server, signal, { skip: (server) => serverDenied(context, server) });
    return { data: { server: input.server, resources } };
  },
  mapToolResultToToolResultBlockParam(output: ListMcpResourcesOutput, toolUseId) {
    return { type: "tool_result", tool_use_id: toolUseId, content: formatResources(output.resources, output.server) };
  },
});
