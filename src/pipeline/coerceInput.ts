/**
 * Fixes the slips models commonly make before strict validation: a number or boolean sent as
 * a string ("5" -> 5, "true" -> true). Nothing else is changed; the schema judges the rest.
 */
import type { ToolInputJSONSchema } from "../Tool.ts";

const NUMBER_PATTERN = /^-?(?:\d+|\d*\.\d+)(?:[eE][-+]?\d+)?$/;

function typesOf(property: unknown): string[] {
  if (typeof property !== "object" || property === null) return [];
  const described = property as { type?: unknown; anyOf?: unknown; oneOf?: unknown };
  if (typeof described.type === "string") return [described.type];
  if (Array.isArray(described.type)) return described.type.filter((t): t is string => typeof t === "string");
  const alternatives = Array.isArray(described.anyOf) ? described.anyOf : Array.isArray(described.oneOf) ? described.oneOf : [];
  return alternatives.flatMap(typesOf);
}

function coerceValue(value: unknown, types: string[]): unknown {
  if (typeof value !== "string" || types.includes("string")) return value;
  const text = value.trim();
  if ((types.includes("number") || types.includes("integer")) && NUMBER_PATTERN.test(text)) {
    const number = Number(text);
    if (Number.isFinite(number) && (types.includes("number") || Number.isInteger(number))) return number;
  }
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  return value;
}

/** Returns a copy of `input` with top-level string slips coerced per the tool's JSON Schema. */
export function coerceInput(input: unknown, schema: ToolInputJSONSchema): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const properties = schema.properties ?? {};
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    result[key] = Object.hasOwn(properties, key) ? coerceValue(value, typesOf(properties[key])) : value;
  }
  return result;
}
