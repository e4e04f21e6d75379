/**
 * Whether a Zod schema says nothing its JSON Schema leaves out, so that checking a value against
 * the JSON Schema (acceptByJSONSchema.ts) accepts exactly what Zod accepts and returns what Zod
 * returns. Only plain shapes qualify: objects, strings, numbers (any, or Zod's safe integers),
 * booleans, enums, arrays, optionals and unions, with length and bound checks and descriptions.
 * A refinement, a transform, a default, a coercion, a string or number format or anything else
 * unknown here is not in the JSON Schema, and leaves the schema to Zod.
 */
import type { $ZodType } from "zod/v4/core";

/** The checks whose whole effect the JSON Schema states (as minimum, maxLength, ...) or that only describe. */
const STATED_CHECKS = new Set(["describe", "greater_than", "less_than", "min_length", "max_length"]);

interface Def {
  type: string;
  checks?: readonly { _zod: { def: { check: string } } }[];
  coerce?: boolean;
  format?: string;
  check?: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  element?: $ZodType;
  options?: readonly $ZodType[];
  entries?: Record<string, unknown>;
}

function defOf(schema: $ZodType): Def {
  return schema._zod.def as unknown as Def;
}

function checksStated(def: Def): boolean {
  return (def.checks ?? []).every((check) => STATED_CHECKS.has(check._zod.def.check));
}

function expressed(schema: $ZodType, depth: number): boolean {
  if (depth > 32) return false;
  const def = defOf(schema);
  if (def.coerce === true || !checksStated(def)) return false;
  switch (def.type) {
    case "string":
      // z.email() and the like are strings with a format the validator here does not know.
      return def.format === undefined && def.check === undefined;
    case "number":
      // z.number() has no format; z.int() is the safe-integer format, which JSON Schema states as integer and bounds.
      return def.format === undefined || (def.format === "safeint" && def.check === "number_format");
    case "boolean":
      return true;
    case "enum":
      return Object.values(def.entries ?? {}).every((value) => typeof value === "string" || typeof value === "number");
    case "optional":
      return def.innerType !== undefined && expressed(def.innerType, depth + 1);
    case "array":
      return def.element !== undefined && expressed(def.element, depth + 1);
    case "union":
      return (def.options ?? []).length > 0 && (def.options ?? []).every((option) => expressed(option, depth + 1));
    case "object":
      // A strict object's catchall is never; a stripping one has none. A passthrough keeps unknown keys.
      if (def.catchall !== undefined && defOf(def.catchall).type !== "never") return false;
      return Object.values(def.shape ?? {}).every((property) => expressed(property, depth + 1));
    default:
      return false;
  }
}

/** True when `schema` is made only of what its JSON Schema states in full (see the file comment). */
export function expressedExactly(schema: $ZodType): boolean {
  return expressed(schema, 0);
}
