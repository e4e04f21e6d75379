/** The JSON Schema the Messages API receives for a tool, derived once from its Zod schema. */
import { toJSONSchema } from "zod/mini";
import type { AnyTool, ToolInputJSONSchema } from "../Tool.ts";

/**
 * Set by the build (defines): the JSON of every built-in tool's derived schema, by name, so a
 * binary does not derive them again at each start, and where each tool's schema lies in that
 * text, so a start that needs one schema (`toolshed run Read`) parses only that one. Absent when
 * running from source.
 */
declare const TOOLSHED_TOOL_SCHEMAS: string | undefined;
declare const TOOLSHED_TOOL_SCHEMA_SPANS: string | undefined;

const cache = new WeakMap<AnyTool, ToolInputJSONSchema>();
let spans: Record<string, [number, number]> | undefined;

/** The schema the build embedded for the built-in `name`, if it did. */
function embeddedSchema(name: string): ToolInputJSONSchema | undefined {
  if (typeof TOOLSHED_TOOL_SCHEMAS !== "string" || typeof TOOLSHED_TOOL_SCHEMA_SPANS !== "string") return undefined;
  spans ??= JSON.parse(TOOLSHED_TOOL_SCHEMA_SPANS) as Record<string, [number, number]>;
  const span = Object.hasOwn(spans, name) ? spans[name] : undefined;
  return span === undefined ? undefined : (JSON.parse(TOOLSHED_TOOL_SCHEMAS.slice(span[0], span[1])) as ToolInputJSONSchema);
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
  const schema = embeddedSchema(tool.name) ?? deriveInputJSONSchema(tool);
  cache.set(tool, schema);
  return schema;
}
