/**
 * Fixes the slips models commonly make before strict validation: a number or boolean sent as
 * a string ("5" -> 5, "true" -> true). Nothing else is changed; the schema judges the rest.
 */
import type { ToolInputJSONSchema } from "../Tool.ts";

const NUMBER_PATTERN = /^-?(?:\d+|\d*\.\d+)(?:[eE][-+]?\d+)?$/;

/** For each property that does not accept strings, the non-string types it accepts. */
type CoercionPlan = Map<string, readonly string[]>;

const plans = new WeakMap<ToolInputJSONSchema, CoercionPlan>();

function typesOf(property: unknown): string[] {
  if (typeof property !== "object" || property === null) return [];
  const described = property as { type?: unknown; anyOf?: unknown; oneOf?: unknown };
  if (typeof described.type === "string") return [described.type];
  if (Array.isArray(described.type)) return described.type.filter((t): t is string => typeof t === "string");
  const alternatives = Array.isArray(described.anyOf) ? described.anyOf : Array.isArray(described.oneOf) ? described.oneOf : [];
  return alternatives.flatMap(typesOf);
}

function planFor(schema: ToolInputJSONSchema): CoercionPlan {
  let plan = plans.get(schema);
  if (plan !== undefined) return plan;
  plan = new Map();
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const types = typesOf(property);
    const coercible = types.filter((type) => type === "number" || type === "integer" || type === "boolean");
    if (!types.includes("string") && coercible.length > 0) plan.set(key, types);
  }
  plans.set(schema, plan);
  return plan;
}

function coerceValue(value: string, types: readonly string[]): unknown {
  const text = value.trim();
  if ((types.includes("number") || types.includes("integer")) && NUMBER_PATTERN.test(text)) {
    const number = Number(text);
    if (Number.isFinite(number) && (types.includes("number") || Number.isInteger(number))) return number;
  }
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  return value;
}

/** Returns `input` with top-level string slips coerced per the tool's JSON Schema (a copy only when something changed). */
export function coerceInput(input: unknown, schema: ToolInputJSONSchema): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const plan = planFor(schema);
  if (plan.size === 0) return input;
  let result: Record<string, unknown> | undefined;
  for (const [key, types] of plan) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value !== "string" || !Object.hasOwn(input, key)) continue;
    const coerced = coerceValue(value, types);
    if (coerced === value) continue;
    result ??= { ...(input as Record<string, unknown>) };
    result[key] = coerced;
  }
  return result ?? input;
}
