/**
 * The tools of one `tools/list` page, checked: each definition must have a name and an object
 * input schema, as the spec says. A definition that has not is left out with a reason (one odd
 * tool does not cost the server its other tools); a page without a `tools` array is refused.
 */
import { isPlainObject } from "./jsonRpcMessage.ts";

/** A JSON Schema for an object, as a server sends it. */
export type ObjectSchema = { type: "object"; [key: string]: unknown };

/** What toolshed reads of an MCP tool's definition. */
export interface McpToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: ObjectSchema;
  outputSchema?: ObjectSchema;
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  execution?: { taskSupport?: string };
}

/** One page's usable tools, the ones left out (with why), and the next page's cursor. */
export interface ToolPage {
  tools: McpToolDefinition[];
  rejected: string[];
  nextCursor?: string;
}

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/**
 * Whether a schema is one the Messages API takes as a tool's input_schema: an object schema
 * whose `properties` (when given) maps names to schemas and whose `required` lists names. A
 * malformed one sent on would make the API refuse every request of the session.
 */
function isObjectSchema(value: unknown): value is ObjectSchema {
  if (!isPlainObject(value) || value.type !== "object") return false;
  const { properties, required } = value;
  if (properties !== undefined && !(isPlainObject(properties) && Object.values(properties).every((property) => isPlainObject(property) || typeof property === "boolean"))) return false;
  return required === undefined || (Array.isArray(required) && required.every((name) => typeof name === "string"));
}

function optionalText(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The annotations with only well-typed values kept. */
function readAnnotations(value: unknown): McpToolDefinition["annotations"] {
  if (!isPlainObject(value)) return undefined;
  const annotations: NonNullable<McpToolDefinition["annotations"]> = {};
  if (typeof value.title === "string") annotations.title = value.title;
  for (const hint of HINTS) if (typeof value[hint] === "boolean") annotations[hint] = value[hint];
  return annotations;
}

/** The definition, or why it cannot be used. */
function readDefinition(value: unknown): McpToolDefinition | string {
  if (!isPlainObject(value)) return "a tool that is not an object";
  const { name } = value;
  if (typeof name !== "string" || name === "") return 'a tool without a "name"';
  const shown = JSON.stringify(name.slice(0, 80));
  if (!isObjectSchema(value.inputSchema)) return `${shown}, whose "inputSchema" is not an object schema ({"type": "object", "properties": {...}, "required": [...]})`;
  // The output schema only checks results here (the API never sees it): an object schema is enough.
  if (value.outputSchema !== undefined && !(isPlainObject(value.outputSchema) && value.outputSchema.type === "object")) return `${shown}, whose "outputSchema" is not an object schema`;
  const execution = isPlainObject(value.execution) ? { taskSupport: optionalText(value.execution.taskSupport) } : undefined;
  return {
    name,
    title: optionalText(value.title),
    description: optionalText(value.description),
    inputSchema: value.inputSchema,
    outputSchema: value.outputSchema as ObjectSchema | undefined,
    annotations: readAnnotations(value.annotations),
    execution,
  };
}

/** Reads a `tools/list` result; throws when it has no `tools` array. */
export function readToolPage(result: { [key: string]: unknown }): ToolPage {
  if (!Array.isArray(result.tools)) throw new Error('the server\'s tools/list result has no "tools" array');
  const tools: McpToolDefinition[] = [];
  const rejected: string[] = [];
  for (const item of result.tools) {
    const read = readDefinition(item);
    if (typeof read === "string") rejected.push(read);
    else tools.push(read);
  }
  return { tools, rejected, nextCursor: typeof result.nextCursor === "string" ? result.nextCursor : undefined };
}
