/** The JSON Schema the Messages API receives for a tool, derived once from its Zod schema. */
import { toJSONSchema } from "zod/mini";
import type { AnyTool, ToolInputJSONSchema } from "../Tool.ts";

/**
 * Set by the build (a define) to the JSON of every built-in tool's derived schema, by name, so a
 * binary does not derive them again at each start. Absent when running from source.
 */
declare const TOOLSHED_TOOL_SCHEMAS: string | undefined;

const cache = new WeakMap<AnyTool, ToolInputJSONSchema>();
let embedded: Record<string, ToolInputJSONSchema> | undefined;

function embeddedSchemas(): Record<string, ToolInputJSONSchema> {
  if (embedded === undefined) {
    embedded = typeof TOOLSHED_TOOL_SCHEMAS === "string" ? (JSON.parse(TOOLSHED_TOOL_SCHEMAS) as Record<string, ToolInputJSONSchema>) : {};
  }
  return embedded;
}

/** A built-in tool's schema as `z.toJSONSchema` gives it (draft 2020-12), without the `$schema` line. */
export function deriveInputJSONSchema(tool: AnyTool): ToolInputJSONSchema {
  const { $schema: _draft, ...schema } = toJSONSchema(tool.inputSchema, { io: "input" }) as ToolInputJSONSchema;
  return schema as ToolInputJSONSchema;
}

/** MCP tools give their own schema; built-ins derive theirs with `z.toJSONSchema` (never by hand). */
export function toolInputJSONSchema(tool: AnyTool): ToolInputJSONSchema {
  if (tool.inputJSONSchema !== undefined) return tool.inputJSONSchema;
  const cached = cache.get(tool);
  if (cached !== undefined) return cached;
  // In a binary every pool tool without its own schema is a built-in of this build.
  const schema = embeddedSchemas()[tool.name] ?? deriveInputJSONSchema(tool);
  cache.set(tool, schema);
  return schema;
}
