/**
 * A quick check of a tool's input against the JSON Schema the build derived from its Zod schema,
 * for schemas that say all Zod would check (expressedExactly.ts). It only ever accepts: a value
 * it accepts is one Zod accepts, and what it returns is what Zod would return (the same values,
 * objects' keys in the schema's order). Anything it does not accept, or a schema with a keyword
 * it does not know, goes to Zod, which also words the error. A start that calls one tool so never
 * builds a Zod schema (about 1.5 ms of a short command's 13). Each schema is turned into a
 * checking function once, so a long session's calls cost no more than Zod's own parse.
 */

/** The keywords understood here; a schema with any other is left to Zod. */
const KNOWN = new Set([
  "type", "description", "properties", "required", "additionalProperties", "enum",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
  "items", "minItems", "maxItems", "anyOf",
]);

const MAX_DEPTH = 32;

/** What a check returns for a value it does not accept (which is not to say Zod refuses it). */
const NO = Symbol("not accepted");
type Check = (value: unknown) => unknown;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** A bound given as something other than a number makes the schema one to leave to Zod. */
function bound(schema: Record<string, unknown>, key: string): number | undefined | typeof NO {
  const value = schema[key];
  return value === undefined || typeof value === "number" ? value : NO;
}

/** A test of a number against the schema's bounds, or NO when a bound is not a number. */
function boundsTest(schema: Record<string, unknown>): ((value: number) => boolean) | typeof NO {
  const min = bound(schema, "minimum");
  const max = bound(schema, "maximum");
  const above = bound(schema, "exclusiveMinimum");
  const below = bound(schema, "exclusiveMaximum");
  if (min === NO || max === NO || above === NO || below === NO) return NO;
  return (value) => (min === undefined || value >= min) && (max === undefined || value <= max)
    && (above === undefined || value > above) && (below === undefined || value < below);
}

/** A string's length as Zod counts it: in code points (a lone surrogate is one). */
function codePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    if ((text.charCodeAt(index) & 0xfc00) === 0xd800 && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      count--;
      index++;
    }
  }
  return count;
}

/** Zod counts a string's length in code points (see codePoints) and an array's in elements. */
function lengthTest(schema: Record<string, unknown>, minKey: string, maxKey: string): ((length: number) => boolean) | typeof NO {
  const min = bound(schema, minKey);
  const max = bound(schema, maxKey);
  if (min === NO || max === NO) return NO;
  return (length) => (min === undefined || length >= min) && (max === undefined || length <= max);
}

function compileObject(schema: Record<string, unknown>, depth: number): Check | undefined {
  const { properties, additionalProperties, required = [] } = schema;
  if (!isPlainObject(properties) || (additionalProperties !== undefined && additionalProperties !== false)) return undefined;
  const names = Object.keys(properties);
  if (!Array.isArray(required) || !required.every((key) => typeof key === "string" && names.includes(key))) return undefined;
  // Zod asks `key in input`, which an inherited name (toString) answers too: such a schema is Zod's.
  if (names.some((name) => name in Object.prototype)) return undefined;
  const checks: Array<{ name: string; required: boolean; check: Check }> = [];
  for (const name of names) {
    const check = compile(properties[name], depth + 1);
    if (check === undefined) return undefined;
    checks.push({ name, required: required.includes(name), check });
  }
  const known = new Set(names);
  return (value) => {
    if (!isPlainObject(value)) return NO;
    // A key the schema does not name is an error (strict) or dropped (strip): Zod's to judge either way.
    for (const key in value) if (!known.has(key)) return NO;
    const result: Record<string, unknown> = {};
    for (const { name, required: needed, check } of checks) {
      // Each value is read once, from a plain data property: a getter (which may change the object
      // as it is read) or a key Zod would see otherwise (`name in value`: inherited, or a proxy's) is Zod's to judge.
      const property = Object.getOwnPropertyDescriptor(value, name);
      if (property === undefined) {
        if (needed || name in value) return NO;
        continue;
      }
      if (!("value" in property) || !(name in value)) return NO;
      const accepted = check(property.value);
      if (accepted === NO) return NO;
      result[name] = accepted;
    }
    return result;
  };
}

function compileArray(schema: Record<string, unknown>, depth: number): Check | undefined {
  const length = lengthTest(schema, "minItems", "maxItems");
  const item = compile(schema.items, depth + 1);
  if (length === NO || item === undefined) return undefined;
  return (value) => {
    if (!Array.isArray(value) || !length(value.length)) return NO;
    const result: unknown[] = [];
    const count = value.length;
    // Each item from a plain data property (a hole has none): a getter is Zod's to judge.
    for (let index = 0; index < count; index++) {
      const element = Object.getOwnPropertyDescriptor(value, index);
      if (element === undefined || !("value" in element)) return NO;
      const accepted = item(element.value);
      if (accepted === NO) return NO;
      result.push(accepted);
    }
    return value.length === count ? result : NO;
  };
}

function compileTyped(schema: Record<string, unknown>, depth: number): Check | undefined {
  switch (schema.type) {
    case "string": {
      const length = lengthTest(schema, "minLength", "maxLength");
      if (length === NO) return undefined;
      return (value) => (typeof value === "string" && length(codePoints(value)) ? value : NO);
    }
    case "number":
    case "integer": {
      const within = boundsTest(schema);
      if (within === NO) return undefined;
      // Zod's numbers are finite; its integers (z.int()) are safe ones.
      const fits = schema.type === "integer" ? Number.isSafeInteger : Number.isFinite;
      return (value) => (typeof value === "number" && fits(value) && within(value) ? value : NO);
    }
    case "boolean":
      return (value) => (typeof value === "boolean" ? value : NO);
    case "object":
      return compileObject(schema, depth);
    case "array":
      return compileArray(schema, depth);
    default:
      return undefined;
  }
}

function compileEnum(values: unknown, typed: Check | undefined): Check | undefined {
  if (!Array.isArray(values)) return undefined;
  const allowed = new Set(values);
  return (value) => (allowed.has(value) ? (typed === undefined ? value : typed(value)) : NO);
}

function compileAnyOf(options: unknown, depth: number): Check | undefined {
  if (!Array.isArray(options) || options.length === 0) return undefined;
  const checks = options.map((option) => compile(option, depth + 1));
  if (checks.some((check) => check === undefined)) return undefined;
  // Zod's union returns the first option that passes; the options' outputs are their inputs here.
  return (value) => {
    for (const check of checks as Check[]) {
      const accepted = check(value);
      if (accepted !== NO) return accepted;
    }
    return NO;
  };
}

/** A union of plain types (`"type": ["string", "number"]`), as Zod writes a union of them, with nothing else said. */
function compileTypeList(schema: Record<string, unknown>, types: readonly unknown[], depth: number): Check | undefined {
  if (Object.keys(schema).some((key) => key !== "type" && key !== "description")) return undefined;
  if (!types.every((type) => type === "string" || type === "number" || type === "integer" || type === "boolean")) return undefined;
  return compileAnyOf(types.map((type) => ({ type })), depth);
}

/** A check for `schema`, or undefined when the schema says something not understood here. */
function compile(schema: unknown, depth: number): Check | undefined {
  if (depth > MAX_DEPTH || !isPlainObject(schema)) return undefined;
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) return undefined;
  // Beside anyOf, or an enum of no type, only a description may stand: any other keyword would be a check of its own.
  const alone = (keyword: string) => Object.keys(schema).every((key) => key === keyword || key === "description");
  if (schema.anyOf !== undefined) return alone("anyOf") ? compileAnyOf(schema.anyOf, depth) : undefined;
  if (Array.isArray(schema.type)) return compileTypeList(schema, schema.type, depth);
  if (schema.type === undefined) return schema.enum !== undefined && alone("enum") ? compileEnum(schema.enum, undefined) : undefined;
  const typed = compileTyped(schema, depth);
  if (schema.enum !== undefined) return typed === undefined ? undefined : compileEnum(schema.enum, typed);
  return typed;
}

const compiled = new WeakMap<object, Check | undefined>();

/** The value Zod would return for `input`, when this check can vouch for it; undefined when Zod must judge. */
export function acceptByJSONSchema(input: unknown, schema: unknown): { value: Record<string, unknown> } | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  let check = compiled.get(schema);
  if (!compiled.has(schema)) {
    check = compile(schema, 0);
    compiled.set(schema, check);
  }
  const accepted = check === undefined ? NO : check(input);
  return accepted === NO || !isPlainObject(accepted) ? undefined : { value: accepted };
}
