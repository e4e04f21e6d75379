/** ReadMcpResource: one resource of an MCP server; text comes back, binary data goes to a file. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { serverToolNames } from "../../mcp/serverRules.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { describeError } from "../../errors/describeError.ts";
import { DESCRIPTION, emptyResource, NO_SERVERS, READ_MCP_RESOURCE_TOOL_NAME, renderPrompt, savedBlobPart, SERVER_PARAMETER, textPart, unsavedBlobPart, URI_PARAMETER } from "./prompt.ts";
import { saveResourceBlob } from "./saveResourceBlob.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  server: z.string().check(z.minLength(1), z.describe(SERVER_PARAMETER)),
  uri: z.string().check(z.minLength(1), z.describe(URI_PARAMETER)),
});

export interface ReadMcpResourceOutput {
  uri: string;
  /** One text per part of the resource: its text, or where its binary data was saved. */
  parts: string[];
}

export const ReadMcpResourceTool = buildTool({
  name: READ_MCP_RESOURCE_TOOL_NAME,
  searchHint: "mcp resource read content",
  inputSchema,
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionSubjects: (input) => [{ kind: "named", name: input.server }],
  // A rule on the whole server (`mcp__db`) covers its resources as it covers its tools.
  ruleNamesFor: (input, context) => serverToolNames(context, input.server),
  getToolUseSummary: (input) => input?.uri ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async call(input, { context, signal }) {
    const mcp = context.services.mcp;
    if (mcp.list().length === 0) throw new ToolError(NO_SERVERS);
    const contents = await mcp.readResource(input.server, input.uri, signal);
    const parts = contents.map((content) => {
      if ("text" in content) return textPart(content.uri, content.mimeType, content.text);
      try {
        const saved = saveResourceBlob(context.sessionDirectory, content.uri, content.mimeType, content.blob);
        return savedBlobPart(content.uri, content.mimeType, saved.bytes, saved.path);
      } catch (error) {
        return unsavedBlobPart(content.uri, describeError(error));
      }
    });
    return { data: { uri: input.uri, parts } };
  },
  mapToolResultToToolResultBlockParam(output: ReadMcpResourceOutput, toolUseId) {
    return { type: "tool_result", tool_use_id: toolUseId, content: output.parts.length === 0 ? emptyResource(output.uri) : output.parts.join("\n\n") };
  },
});
