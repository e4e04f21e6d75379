/**
 * A quick check of a tool's input against the JSON Schema the build derived from its Zod schema,
 * for schemas that say all Zod would check (expressedExactly.ts). It only ever accepts: a value
 * it accepts is one Zod accepts, and what it returns is what Zod would return (the same values,
 * objects' keys in the schema's order). Anything it does not accept, or a keyword it does not
 * know, goes to Zod, which also words the error. A start that calls one tool so never builds a
 * Zod schema (about 1.5 ms of a short command's 13).
 */

/** The keywords understood here; a schema with any other is left to Zod. */
const KNOWN = new Set([
  "type", "description", "properties", "required", "additionalProperties", "enum",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
  "items", "minItems", "maxItems", "anyOf",
]);

const MAX_DEPTH = 32;

/** Returned when a value is not accepted here (which is not to say Zod refuses it). */
const NO = Symbol("not accepted");
type Outcome = unknown;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function withinBounds(value: number, schema: Record<string, unknown>): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (minimum !== undefined && !(typeof minimum === "number" && value >= minimum)) return false;
  if (maximum !== undefined && !(typeof maximum === "number" && value <= maximum)) return false;
  if (exclusiveMinimum !== undefined && !(typeof exclusiveMinimum === "number" && value > exclusiveMinimum)) return false;
  if (exclusiveMaximum !== undefined && !(typeof exclusiveMaximum === "number" && value < exclusiveMaximum)) return false;
  return true;
}

/** Zod counts a string's length in UTF-16 units, as JavaScript does, and an array's in elements. */
function lengthWithin(length: number, min: unknown, max: unknown): boolean {
  if (min !== undefined && !(typeof min === "number" && length >= min)) return false;
  if (max !== undefined && !(typeof max === "number" && length <= max)) return false;
  return true;
}

function acceptObject(value: unknown, schema: Record<string, unknown>, depth: number): Outcome {
  if (!isPlainObject(value)) return NO;
  const properties = schema.properties;
  if (!isPlainObject(properties)) return NO;
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== false) return NO;
  const required = schema.required ?? [];
  if (!Array.isArray(required)) return NO;
  // A key the schema does not name is an error (strict) or dropped (strip): Zod's to judge either way.
  for (const key of Object.keys(value)) if (!Object.hasOwn(properties, key)) return NO;
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    // Zod asks `key in input`, which an inherited name (toString) answers too.
    if (key in Object.prototype) return NO;
    if (!Object.hasOwn(value, key)) {
      if (required.includes(key)) return NO;
      continue;
    }
    const accepted = accept(value[key], property, depth + 1);
    if (accepted === NO) return NO;
    result[key] = accepted;
  }
  return result;
}

function acceptArray(value: unknown, schema: Record<string, unknown>, depth: number): Outcome {
  if (!Array.isArray(value) || !lengthWithin(value.length, schema.minItems, schema.maxItems)) return NO;
  const items = schema.items;
  const result: unknown[] = [];
  for (let index = 0; index < value.length; index++) {
    // A hole is undefined to Zod; an item schema here never accepts undefined.
    const accepted = items === undefined ? NO : accept(value[index], items, depth + 1);
    if (accepted === NO) return NO;
    result.push(accepted);
  }
  return result;
}

function acceptTyped(value: unknown, schema: Record<string, unknown>, depth: number): Outcome {
  switch (schema.type) {
    case "string":
      return typeof value === "string" && lengthWithin(value.length, schema.minLength, schema.maxLength) ? value : NO;
    case "number":
      return typeof value === "number" && Number.isFinite(value) && withinBounds(value, schema) ? value : NO;
    case "integer":
      return typeof value === "number" && Number.isSafeInteger(value) && withinBounds(value, schema) ? value : NO;
    case "boolean":
      return typeof value === "boolean" ? value : NO;
    case "object":
      return acceptObject(value, schema, depth);
    case "array":
      return acceptArray(value, schema, depth);
    default:
      return NO;
  }
}

function accept(value: unknown, schema: unknown, depth: number): Outcome {
  if (depth > MAX_DEPTH || !isPlainObject(schema)) return NO;
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) return NO;
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum) || !schema.enum.includes(value)) return NO;
    if (schema.type === undefined) return value;
  }
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf) || schema.type !== undefined) return NO;
    // Zod's union returns the first option that passes; the options' outputs are their inputs here.
    for (const option of schema.anyOf) {
      const accepted = accept(value, option, depth + 1);
      if (accepted !== NO) return accepted;
    }
    return NO;
  }
  return acceptTyped(value, schema, depth);
}

/** The value Zod would return for `input`, when this check can vouch for it; undefined when Zod must judge. */
export function acceptByJSONSchema(input: unknown, schema: unknown): { value: Record<string, unknown> } | undefined {
  const accepted = accept(input, schema, 0);
  return accepted === NO || !isPlainObject(accepted) ? undefined : { value: accepted };
}
