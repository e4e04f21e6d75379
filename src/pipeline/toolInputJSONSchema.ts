/** The JSON Schema the Messages API receives for a tool, derived once from its Zod schema. */
import { z } from "zod";
import type { AnyTool, ToolInputJSONSchema } from "../Tool.ts";

const cache = new WeakMap<AnyTool, ToolInputJSONSchema>();

/** MCP tools give their own schema; built-ins derive theirs with `z.toJSONSchema` (never by hand). */
export function toolInputJSONSchema(tool: AnyTool): ToolInputJSONSchema {
  if (tool.inputJSONSchema !== undefined) return tool.inputJSONSchema;
  const cached = cache.get(tool);
  if (cached !== undefined) return cached;
  const { $schema: _draft, ...schema } = z.toJSONSchema(tool.inputSchema, { io: "input" }) as ToolInputJSONSchema;
  cache.set(tool, schema as ToolInputJSONSchema);
  return schema as ToolInputJSONSchema;
}
