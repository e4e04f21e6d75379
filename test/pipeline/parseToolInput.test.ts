/**
 * parseToolInput's quick path against Zod, over every built-in tool of every flavor: for a seeded
 * stream of inputs made from each tool's JSON Schema (valid ones and near misses), whatever the
 * JSON Schema check accepts Zod accepts too, with the same value, keys in the same order. Which
 * schemas take the quick path (expressedExactly) is shown on shapes Zod checks beyond JSON Schema.
 */
import { describe, expect, test } from "bun:test";
import * as z from "zod/mini";
import type { AnyTool } from "../../src/Tool.ts";
import { acceptByJSONSchema } from "../../src/pipeline/acceptByJSONSchema.ts";
import { coerceInput } from "../../src/pipeline/coerceInput.ts";
import { expressedExactly } from "../../src/pipeline/expressedExactly.ts";
import { parseToolInput } from "../../src/pipeline/parseToolInput.ts";
import { exactInputJSONSchema, toolInputJSONSchema } from "../../src/pipeline/toolInputJSONSchema.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import { GATED_TOOLS } from "../../scripts/build/gatedTools.ts";
import { fakeTool } from "../helpers/fakeTool.ts";
import { seededRandom as random } from "../helpers/seededRandom.ts";

const TOOLS: AnyTool[] = [...getAllBaseTools(), ...GATED_TOOLS.map((gated) => gated.tool)].filter((tool, index, all) => all.findIndex((other) => other.name === tool.name) === index);


type Schema = Record<string, unknown>;

/** Values around a number schema's bounds, and a few that no bound allows. */
function numbers(schema: Schema): unknown[] {
  const edges = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter((edge): edge is number => typeof edge === "number");
  return [0, 1, -1, 0.5, 7, 2 ** 53, -(2 ** 53), ...edges.flatMap((edge) => [edge, edge + 1, edge - 1, edge + 0.5])];
}

/** A value for `schema`: mostly a fitting one, sometimes a near miss. */
function generate(schema: unknown, pick: () => number, depth = 0): unknown {
  const chance = (p: number) => pick() < p;
  const one = <T,>(items: readonly T[]): T => items[Math.floor(pick() * items.length)] as T;
  if (typeof schema !== "object" || schema === null) return null;
  const s = schema as Schema;
  if (chance(0.04)) return one([null, "x", 3, true, [], {}, "5", "true"]);
  if (Array.isArray(s.anyOf)) return generate(one(s.anyOf), pick, depth + 1);
  if (Array.isArray(s.enum)) return chance(0.85) ? one(s.enum) : one(["", "nope", 0, ...s.enum.map((value) => (typeof value === "string" ? value.toUpperCase() : value))]);
  switch (s.type) {
    case "string": {
      const min = typeof s.minLength === "number" ? s.minLength : 0;
      const max = typeof s.maxLength === "number" ? s.maxLength : 12;
      const length = one([0, 1, min, Math.max(0, min - 1), max, max + 1, 3]);
      // Spaces and capitals at times, so a trim or a case change in Zod would show.
      const text = "ab🙂".repeat(length).slice(0, length);
      // A lone astral character too: Zod counts code points, two UTF-16 units here.
      if (chance(0.1)) return one(["🙂", "🙂🙂", "a🙂", "\ud83d"]);
      return chance(0.2) ? ` ${text.toUpperCase()} ` : text;
    }
    case "number":
    case "integer":
      return one(numbers(s));
    case "boolean":
      return chance(0.9) ? chance(0.5) : one(["true", 0, null]);
    case "array": {
      const min = typeof s.minItems === "number" ? s.minItems : 0;
      const max = typeof s.maxItems === "number" ? s.maxItems : 3;
      const length = one([min, max, min + 1, Math.max(0, min - 1), max + 1]);
      return Array.from({ length: Math.min(length, 6) }, () => generate(s.items, pick, depth + 1));
    }
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const value: Record<string, unknown> = {};
      // Keys in a shuffled order: the result must still follow the schema's.
      const keys = Object.keys(properties).sort(() => pick() - 0.5);
      for (const key of keys) {
        const include = required.has(key) ? chance(0.95) : chance(0.5);
        if (include && depth < 6) value[key] = generate(properties[key], pick, depth + 1);
      }
      if (chance(0.05)) value.unexpected = "x";
      return value;
    }
    default:
      return one(["x", 1, {}]);
  }
}

describe("the quick path agrees with Zod on every built-in tool", () => {
  for (const tool of TOOLS) {
    test(tool.name, () => {
      const schema = toolInputJSONSchema(tool);
      const exact = exactInputJSONSchema(tool);
      const pick = random(20_261_204 + tool.name.length);
      let quick = 0;
      for (let round = 0; round < 1500; round++) {
        const input = generate(schema, pick);
        const zod = z.safeParse(tool.inputSchema, input);
        const accepted = exact === undefined ? undefined : acceptByJSONSchema(input, exact);
        if (accepted !== undefined) {
          quick++;
          if (!zod.success) throw new Error(`${tool.name}: accepted ${JSON.stringify(input)}, which Zod refuses: ${zod.error.message}`);
          expect(JSON.stringify(accepted.value)).toBe(JSON.stringify(zod.data));
          expect(accepted.value).toEqual(zod.data);
        }
        // Through parseToolInput (coercion first), the outcome is Zod's on the coerced input.
        const parsed = parseToolInput(tool, input);
        const zodCoerced = z.safeParse(tool.inputSchema, coerceInput(input, schema));
        expect(parsed.success).toBe(zodCoerced.success);
        if (parsed.success && zodCoerced.success) expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(zodCoerced.data));
      }
      // The quick path is taken for the tools it is meant for, and only those.
      if (exact === undefined) expect(quick).toBe(0);
      else expect(quick).toBeGreaterThan(50);
    });
  }

  test("the tools a short command calls take the quick path", () => {
    for (const name of ["Read", "Glob", "Grep", "Bash", "Write", "LS"]) {
      const tool = TOOLS.find((candidate) => candidate.name === name);
      expect(tool && exactInputJSONSchema(tool)).toBeDefined();
    }
  });
});

describe("which Zod schemas the JSON Schema states in full", () => {
  const plain = z.strictObject({
    path: z.string().check(z.minLength(1), z.describe("where")),
    count: z.optional(z.int().check(z.nonnegative())),
    ratio: z.optional(z.number().check(z.lt(1))),
    mode: z.optional(z.enum(["a", "b"])),
    tags: z.optional(z.array(z.string()).check(z.maxLength(3))),
    either: z.optional(z.union([z.string(), z.boolean()])),
    stripped: z.optional(z.object({ a: z.string() })),
  });

  test("plain shapes do", () => {
    expect(expressedExactly(plain)).toBe(true);
  });

  const beyond: Array<[string, z.ZodMiniType]> = [
    ["a refinement", z.strictObject({ a: z.string().check(z.refine((value) => value !== "x")) })],
    ["a trim", z.strictObject({ a: z.string().check(z.trim()) })],
    ["a default", z.strictObject({ a: z._default(z.string(), "x") })],
    ["a string format", z.strictObject({ a: z.email() })],
    ["a pattern", z.strictObject({ a: z.string().check(z.regex(/^a/)) })],
    ["a 32-bit integer", z.strictObject({ a: z.int32() })],
    ["a coercion", z.strictObject({ a: z.coerce.number() })],
    ["a passthrough object", z.looseObject({ a: z.string() })],
    ["a record", z.strictObject({ a: z.record(z.string(), z.string()) })],
    ["a nullable", z.strictObject({ a: z.nullable(z.string()) })],
    ["a literal", z.strictObject({ a: z.literal("x") })],
    ["a transform", z.strictObject({ a: z.pipe(z.string(), z.transform((value) => value.length)) })],
    ["a multiple", z.strictObject({ a: z.number().check(z.multipleOf(2)) })],
    ["unknown", z.strictObject({ a: z.unknown() })],
    // Found by a review: an object that strips in a union, checks on a type whose JSON Schema does not carry them, bounds that are not numbers, metadata that rewrites the schema
    ["a stripping object in a union", z.strictObject({ a: z.union([z.object({ k: z.string() }), z.strictObject({ k: z.string(), force: z.boolean() })]) })],
    ["a length check on an enum", z.strictObject({ a: z.enum(["a", "bb"]).check(z.minLength(2)) })],
    ["a length check on a union", z.strictObject({ a: z.union([z.string(), z.number()]).check(z.maxLength(2) as never) })],
    ["a length check on an optional", z.strictObject({ a: z.optional(z.string()).check(z.minLength(2) as never) })],
    ["a bound on a boolean", z.strictObject({ a: z.boolean().check(z.gt(0) as never) })],
    ["a bigint bound", z.strictObject({ a: z.number().check(z.gt(0n) as never) })],
    ["a length check on an object", z.strictObject({ length: z.number() }).check(z.maxLength(2) as never)],
    ["a symbol key", z.strictObject({ a: z.string(), [Symbol("s")]: z.string().check(z.refine((value) => value !== "x")) } as never)],
    ["metadata that sets the type", z.strictObject({ a: z.string().register(z.globalRegistry, { type: "number" } as never) })],
  ];
  for (const [what, schema] of beyond) test(`${what} does not`, () => expect(expressedExactly(schema)).toBe(false));

  test("a tool with such a schema is parsed by Zod alone, and keeps its refinement", () => {
    const tool = fakeTool({ name: "Refined", shape: { a: z.string().check(z.refine((value) => value !== "x", "not x")) } });
    expect(exactInputJSONSchema(tool)).toBeUndefined();
    expect(parseToolInput(tool, { a: "x" }).success).toBe(false);
    expect(parseToolInput(tool, { a: "y" })).toEqual({ success: true, data: { a: "y" } });
  });

  test("a tool with a schema of its own (MCP) is not looked at", () => {
    const tool = fakeTool({ name: "mcp__s__t", shape: { a: z.string() }, extra: { inputJSONSchema: { type: "object", properties: { a: { type: "string" } } } } });
    expect(exactInputJSONSchema(tool)).toBeUndefined();
  });
});

test("a failure carries Zod's error, what was checked after coercion, and the schema", () => {
  const read = TOOLS.find((tool) => tool.name === "Read") as AnyTool;
  const parsed = parseToolInput(read, { file_path: "/a", offset: "-3" });
  expect(parsed.success).toBe(false);
  if (parsed.success) return;
  expect(parsed.checked).toEqual({ file_path: "/a", offset: -3 });
  expect(parsed.schema).toBe(toolInputJSONSchema(read));
  expect(parsed.error.issues[0]?.path).toEqual(["offset"]);
  expect(parseToolInput(read, { file_path: "/a", offset: "3" })).toEqual({ success: true, data: { file_path: "/a", offset: 3 } });
});
