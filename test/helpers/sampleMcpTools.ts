/**
 * MCP tools as a pool of real servers would bring them (names `mcp__<server>__<tool>`, a
 * description of a few sentences, a JSON Schema of several described properties), for tests of
 * deferral and for measuring what deferral saves. Deterministic: the same count gives the same tools.
 */
import * as z from "zod/mini";
import { buildTool, type AnyTool, type ToolInputJSONSchema } from "../../src/Tool.ts";

/** Five servers with four kinds of thing each, and five verbs: a hundred distinct tools. */
const SERVERS: readonly [string, readonly string[]][] = [
  ["github", ["issue", "pull_request", "release", "repository"]],
  ["slack", ["message", "channel", "user", "reaction"]],
  ["jira", ["ticket", "project", "sprint", "comment"]],
  ["postgres", ["query", "table", "schema", "index"]],
  ["sentry", ["event", "alert", "deploy", "project"]],
];
const VERBS = ["create", "get", "list", "update", "delete"];

function schemaFor(noun: string): ToolInputJSONSchema {
  return {
    type: "object",
    properties: {
      id: { type: "string", description: `The ${noun}'s identifier, as the server shows it in its URLs and listings.` },
      project: { type: "string", description: "The project, repository or workspace the item belongs to, written owner/name." },
      fields: { type: "object", additionalProperties: { type: "string" }, description: `Fields to set on the ${noun}, by name; unknown fields are an error.` },
      limit: { type: "integer", minimum: 1, maximum: 100, description: "How many items to return at most (a page); 30 when not given." },
      cursor: { type: "string", description: "Where the previous page ended, from its next_cursor; leave it out for the first page." },
    },
    required: ["project"],
    additionalProperties: false,
  };
}

/** `count` (at most 100) MCP tools over five servers, read-only, each with its own name. */
export function sampleMcpTools(count: number): AnyTool[] {
  return Array.from({ length: Math.min(count, 100) }, (_, index) => {
    const [server, nouns] = SERVERS[index % SERVERS.length] as [string, readonly string[]];
    const noun = nouns[Math.floor(index / SERVERS.length) % nouns.length] as string;
    const verb = VERBS[Math.floor(index / 20)] as string;
    const name = `mcp__${server}__${verb}_${noun}`;
    const description = `${verb.replace("_", " ")} a ${noun.replace("_", " ")} in ${server}. ` +
      `Works on the ${server} account the server was configured with; the result is the ${noun}'s JSON as the ${server} API returns it, ` +
      "with timestamps in UTC. Fails with a clear message when the item does not exist or the account may not see it.";
    return buildTool({
      name,
      inputSchema: z.looseObject({}),
      inputJSONSchema: schemaFor(noun),
      maxResultSizeChars: 100_000,
      tags: ["mcp"],
      isReadOnly: () => true,
      isConcurrencySafe: () => true,
      description: `${name} (MCP server ${server})`,
      prompt: description,
      async call(input) {
        return { data: `${name} ran with ${JSON.stringify(input)}` };
      },
      mapToolResultToToolResultBlockParam(output: string, toolUseId) {
        return { type: "tool_result", tool_use_id: toolUseId, content: output };
      },
    });
  });
}
