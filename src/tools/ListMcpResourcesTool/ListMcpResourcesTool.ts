/** ListMcpResources: the resources the session's MCP servers offer, reached through the session's MCP service. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { serverToolNames } from "../../mcp/serverRules.ts";
import { decide } from "../../permissions/decide.ts";
import type { McpResource } from "../../session/types.ts";
import { DESCRIPTION, formatResources, LIST_MCP_RESOURCES_TOOL_NAME, NO_SERVERS, renderPrompt, SERVER_PARAMETER } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  server: z.optional(z.string().check(z.minLength(1))).check(z.describe(SERVER_PARAMETER)),
});

export interface ListMcpResourcesOutput {
  server?: string;
  resources: McpResource[];
  /** Servers a listing of every server left out: a rule denies or asks before listing them. */
  heldBack?: string[];
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
  prompt: renderPrompt,
  async call(input, { context, signal }) {
    const mcp = context.services.mcp;
    if (mcp.list().length === 0) throw new ToolError(NO_SERVERS);
    // A listing of every server covers only those this call could list one by one without a question:
    // a rule that denies or asks before a server (mcp__db, ListMcpResources(db)) leaves it out, unasked.
    const heldBack: string[] = [];
    let offering = 0;
    if (input.server === undefined) {
      for (const status of mcp.list()) {
        if (status.status !== "connected" || status.hasResources !== true) continue;
        offering++;
        const one = await decide({ tool: ListMcpResourcesTool, input: { server: status.name }, context });
        if (one.decision !== "allow") heldBack.push(status.name);
      }
    }
    // Every server with resources left out: nothing to list, and the note says why.
    const resources = offering > 0 && heldBack.length === offering ? [] : await mcp.listResources(input.server, signal, { skip: (server) => heldBack.includes(server) });
    return { data: { server: input.server, resources, ...(heldBack.length === 0 ? {} : { heldBack }) } };
  },
  mapToolResultToToolResultBlockParam(output: ListMcpResourcesOutput, toolUseId) {
    return { type: "tool_result", tool_use_id: toolUseId, content: formatResources(output.resources, output.server, output.heldBack) };
  },
});
