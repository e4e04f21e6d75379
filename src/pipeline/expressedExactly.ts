/**
 * Whether a Zod schema says nothing its JSON Schema leaves out, so that checking a value against
 * the JSON Schema (acceptByJSONSchema.ts) accepts exactly what Zod accepts and returns what Zod
 * returns. Only plain shapes qualify: objects, strings, numbers (any, or Zod's safe integers),
 * booleans, enums, arrays, optionals, and unions of plain values, with the length and bound checks
 * the JSON Schema carries for their type, and descriptions. A refinement, a transform, a default,
 * a coercion, a format, a check on a type that does not carry it, metadata that rewrites the JSON
 * Schema, or anything else unknown here, leaves the schema to Zod.
 */
import type { $ZodType } from "zod/v4/core";
import { z } from "../schema/zod.ts";

/** The checks each type's JSON Schema states in full (as minLength, minimum, ...), besides describe. */
const STATED_CHECKS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(["min_length", "max_length"]),
  number: new Set(["greater_than", "less_than"]),
  array: new Set(["min_length", "max_length"]),
};
const NO_CHECKS: ReadonlySet<string> = new Set();

interface CheckDef {
  check: string;
  value?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

interface Def {
  type: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
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

/** A bound the JSON Schema can carry: a finite number (not a bigint or a date). */
function numberBound(value: unknown): boolean {
  return typeof value === "number" && Number.isFinite(value);
}

function checksStated(def: Def, type: string): boolean {
  const stated = STATED_CHECKS[type] ?? NO_CHECKS;
  return (def.checks ?? []).every(({ _zod: { def: check } }) => {
    if (check.check === "describe") return true;
    if (!stated.has(check.check)) return false;
    return numberBound(check.check === "greater_than" || check.check === "less_than" ? check.value : check.check === "min_length" ? check.minimum : check.maximum);
  });
}

/** Metadata other than a description (a title, or `type` itself) goes into the JSON Schema as given. */
function onlyDescribed(schema: $ZodType): boolean {
  const meta = z.globalRegistry.get(schema) as Record<string, unknown> | undefined;
  return meta === undefined || Object.keys(meta).every((key) => key === "description");
}

/** A string, number, boolean or enum: what a union may hold, since the quick check refuses such a value exactly when Zod does. */
function plainValue(schema: $ZodType, depth: number): boolean {
  const type = defOf(schema).type;
  return (type === "string" || type === "number" || type === "boolean" || type === "enum") && expressed(schema, depth + 1);
}

function expressed(schema: $ZodType, depth: number): boolean {
  if (depth > 32 || !onlyDescribed(schema)) return false;
  const def = defOf(schema);
  if (def.coerce === true || !checksStated(def, def.type)) return false;
  switch (def.type) {
    case "string":
      // z.email() and the like are strings with a format the quick check does not know.
      return def.format === undefined && def.check === undefined;
    case "number":
      // z.number() has no format; z.int() is the safe-integer format, which JSON Schema states as integer and bounds.
      return def.format === undefined || (def.format === "safeint" && def.check === "number_format");
    case "boolean":
      return true;
    case "enum":
      return Object.values(def.entries ?? {}).every((value) => typeof value === "string" || (typeof value === "number" && Number.isFinite(value)));
    case "optional":
      return def.innerType !== undefined && expressed(def.innerType, depth + 1);
    case "array":
      return def.element !== undefined && expressed(def.element, depth + 1);
    case "union":
      // Zod returns the first option that passes: an object option may pass by dropping keys
      // where the quick check refuses it and goes on to a later one, so only plain values qualify.
      return (def.options ?? []).length > 0 && (def.options ?? []).every((option) => plainValue(option, depth));
    case "object":
      // A strict object's catchall is never; a stripping one has none. A passthrough keeps unknown keys.
      if (def.catchall !== undefined && defOf(def.catchall).type !== "never") return false;
      // A symbol key is not in the JSON Schema at all.
      if (Reflect.ownKeys(def.shape ?? {}).some((key) => typeof key === "symbol")) return false;
      return Object.values(def.shape ?? {}).every((property) => expressed(property, depth + 1));
    default:
      return false;
  }
}

/** True when `schema` is made only of what its JSON Schema states in full (see the file comment). */
export function expressedExactly(schema: $ZodType): boolean {
  return expressed(schema, 0);
}
