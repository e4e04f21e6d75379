/**
 * The adapter: one MCP tool becomes a Tool like any other. Its schema is the server's, sent to
 * the API as it is and checked with AJV before the call; its annotations become declarations
 * (readOnlyHint: read-only and concurrency-safe; destructiveHint: destructive); without them it
 * is neither read-only nor concurrency-safe. Either way it asks before it runs unless a rule
 * (`mcp__server`, `mcp__server__tool`) allows it: an annotation is the server's claim, and a
 * "read-only" fetch tool still sends what the model gives it wherever it likes.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "../../schema/zod.ts";
import { buildTool, type AnyTool, type ToolInputJSONSchema, type ToolResult } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { describeError } from "../../errors/describeError.ts";
import { compileSchemaCheck, type SchemaCheck } from "./compileSchemaCheck.ts";
import type { AjvProvider } from "./lazyJsonSchemaValidator.ts";
import { mapMcpResult, type McpToolOutput } from "./mapMcpResult.ts";
import { askReason, callFailed, callTimedOut, describeMcpTool, invalidInput, outputSchemaMismatch } from "./prompt.ts";
import { isTimeoutError } from "./isTimeoutError.ts";
import type { McpToolDefinition } from "./toolDefinitions.ts";

/** What a tool's progress looks like to the pipeline (the CLI prints `message`). */
export interface McpProgress {
  progress: number;
  total?: number;
  message: string;
}

/** The server side of an adapted tool: how to call it. */
export interface McpToolServer {
  /** The server's name as configured. */
  readonly name: string;
  callTool(toolName: string, args: { [key: string]: unknown }, options: { signal: AbortSignal; onProgress: (progress: McpProgress) => void }): Promise<CallToolResult>;
}

/** One tool to adapt. */
export interface CreateMcpToolOptions {
  server: McpToolServer;
  definition: McpToolDefinition;
  /** Its name in the pool (`mcp__<server>__<tool>`, normalized). */
  name: string;
  maxResultSizeChars: number;
  toolTimeoutMs: number;
  /** The Ajv this tool's schemas are compiled in: one per server's tool listing. */
  schemas: AjvProvider;
}

// Any object: the real check is the server's JSON Schema, in validateInput.
const permissiveInput = z.looseObject({});

/** Compiles a schema on first use only: a server with 200 tools costs nothing until one is called. */
function lazyCheck(schema: { [key: string]: unknown } | undefined, ajv: AjvProvider): () => Promise<SchemaCheck | undefined> {
  let compiled: Promise<SchemaCheck | undefined> | undefined;
  return () => {
    // A failed load (of Ajv) is tried again at the next call rather than kept.
    compiled ??= schema === undefined ? Promise.resolve(undefined) : compileSchemaCheck(schema, ajv).catch((error: unknown) => {
      compiled = undefined;
      throw error;
    });
    return compiled;
  };
}

/** Builds the Tool for `definition`. */
export function createMcpTool(options: CreateMcpToolOptions): AnyTool {
  const { server, definition, name } = options;
  const annotations = definition.annotations ?? {};
  const readOnly = annotations.readOnlyHint === true;
  // The spec's default for a tool that may change things is "destructive"; only an explicit false says otherwise.
  const destructive = !readOnly && annotations.destructiveHint !== false;
  const inputCheck = lazyCheck(definition.inputSchema, options.schemas);
  const outputCheck = lazyCheck(definition.outputSchema, options.schemas);
  const inputJSONSchema: ToolInputJSONSchema = { ...definition.inputSchema, type: "object" };
  const title = annotations.title ?? definition.title ?? definition.name;
  return buildTool({
    name,
    inputSchema: permissiveInput,
    inputJSONSchema,
    maxResultSizeChars: options.maxResultSizeChars,
    tags: ["mcp"],
    searchHint: `${server.name} ${definition.name} ${title}`,
    description: `${title} (MCP server ${server.name})`,
    prompt: describeMcpTool(server.name, definition.name, definition.description),
    isReadOnly: () => readOnly,
    isConcurrencySafe: () => readOnly,
    isDestructive: () => destructive,
    interruptBehavior: () => "cancel",
    userFacingName: () => `${server.name} - ${title} (MCP)`,
    checkPermissions: async () => ({ behavior: "ask", reason: askReason(server.name, name, readOnly) }),
    async validateInput(input) {
      const check = await inputCheck();
      if (check === undefined) return { result: true };
      const checked = check(input);
      return checked.valid ? { result: true } : { result: false, message: invalidInput(name, checked.message) };
    },
    async call(input, { signal, onProgress }): Promise<ToolResult<McpToolOutput>> {
      let result: CallToolResult;
      try {
        result = await server.callTool(definition.name, input, { signal, onProgress: (progress) => onProgress(progress) });
      } catch (error) {
        if (signal.aborted || error instanceof ToolError) throw error;
        if (isTimeoutError(error)) throw new ToolError(callTimedOut(name, options.toolTimeoutMs));
        throw new ToolError(callFailed(server.name, definition.name, describeError(error)));
      }
      const check = result.structuredContent !== undefined && result.isError !== true ? await outputCheck() : undefined;
      const checked = check?.(result.structuredContent);
      if (checked !== undefined && !checked.valid) {
        const refused: McpToolOutput = { content: [{ type: "text", text: outputSchemaMismatch(name, checked.message) }], isError: true };
        return { data: refused };
      }
      return { data: mapMcpResult(result) };
    },
    mapToolResultToToolResultBlockParam(output: McpToolOutput, toolUseId) {
      return { type: "tool_result", tool_use_id: toolUseId, content: output.content, ...(output.isError ? { is_error: true } : {}) };
    },
  });
}
