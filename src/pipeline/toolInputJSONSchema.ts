/** The JSON Schema the Messages API receives for a tool, derived once from its Zod schema. */
import { z } from "../schema/zod.ts";
import type { AnyTool, ToolInputJSONSchema } from "../Tool.ts";
import { expressedExactly } from "./expressedExactly.ts";

/**
 * Set by the build (defines): the JSON of every built-in tool's derived schema, by name, so a
 * binary does not derive them again at each start, and where each tool's schema lies in that
 * text, so a start that needs one schema (`toolshed run Read`) parses only that one. Absent when
 * running from source.
 */
declare const TOOLSHED_TOOL_SCHEMAS: string | undefined;
declare const TOOLSHED_TOOL_SCHEMA_SPANS: string | undefined;
/** Set by the build: the JSON list of the tools whose schema states every check of their Zod schema (expressedExactly.ts). */
declare const TOOLSHED_EXACT_TOOL_SCHEMAS: string | undefined;

const cache = new WeakMap<AnyTool, ToolInputJSONSchema>();
const exactCache = new WeakMap<AnyTool, boolean>();
let spans: Record<string, [number, number]> | undefined;
let exactNames: Set<string> | undefined;

/** The schema the build embedded for the built-in `name`, if it did. */
function embeddedSchema(name: string): ToolInputJSONSchema | undefined {
  if (typeof TOOLSHED_TOOL_SCHEMAS !== "string" || typeof TOOLSHED_TOOL_SCHEMA_SPANS !== "string") return undefined;
  spans ??= JSON.parse(TOOLSHED_TOOL_SCHEMA_SPANS) as Record<string, [number, number]>;
  const span = Object.hasOwn(spans, name) ? spans[name] : undefined;
  return span === undefined ? undefined : (JSON.parse(TOOLSHED_TOOL_SCHEMAS.slice(span[0], span[1])) as ToolInputJSONSchema);
}

/** A built-in tool's schema as `z.toJSONSchema` gives it (draft 2020-12), without the `$schema` line. */
export function deriveInputJSONSchema(tool: AnyTool): ToolInputJSONSchema {
  const { $schema: _draft, ...schema } = z.toJSONSchema(tool.inputSchema, { io: "input" }) as ToolInputJSONSchema;
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

/**
 * The tool's JSON Schema when it states all its Zod schema checks, so an input it accepts needs
 * no Zod parse (acceptByJSONSchema.ts); undefined otherwise, and for tools with a schema of their
 * own (MCP). A binary knows this from its build; from source the Zod schema is looked at once.
 */
export function exactInputJSONSchema(tool: AnyTool): ToolInputJSONSchema | undefined {
  if (tool.inputJSONSchema !== undefined) return undefined;
  let exact = exactCache.get(tool);
  if (exact === undefined) {
    if (typeof TOOLSHED_EXACT_TOOL_SCHEMAS === "string") {
      exactNames ??= new Set(JSON.parse(TOOLSHED_EXACT_TOOL_SCHEMAS) as string[]);
      exact = exactNames.has(tool.name);
    } else {
      exact = expressedExactly(tool.inputSchema);
    }
    exactCache.set(tool, exact);
  }
  return exact ? toolInputJSONSchema(tool) : undefined;
}
