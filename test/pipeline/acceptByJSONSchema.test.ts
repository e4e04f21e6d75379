/**
 * The quick input check against a tool's JSON Schema: what it accepts, and that it leaves
 * everything it is not sure of to Zod (returns undefined). The comparison with Zod over every
 * built-in tool is in parseToolInput.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { acceptByJSONSchema } from "../../src/pipeline/acceptByJSONSchema.ts";

const READ_LIKE = {
  type: "object",
  properties: {
    file_path: { type: "string", description: "where", minLength: 1 },
    offset: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    limit: { type: "integer", exclusiveMinimum: 0 },
    ratio: { type: "number", exclusiveMaximum: 1 },
    flag: { type: "boolean" },
    mode: { type: "string", enum: ["a", "b"] },
    tags: { type: "array", items: { type: "string", maxLength: 3 }, minItems: 1, maxItems: 2 },
    either: { anyOf: [{ type: "string" }, { type: "object", properties: { x: { type: "number" } }, required: ["x"], additionalProperties: false }] },
  },
  required: ["file_path"],
  additionalProperties: false,
};

const accepts = (input: unknown, schema: unknown = READ_LIKE) => acceptByJSONSchema(input, schema)?.value;

describe("accepts what the schema allows", () => {
  test("a full input comes back equal, its keys in the schema's order", () => {
    const input = { either: { x: 1 }, tags: ["ab"], mode: "b", flag: false, ratio: 0.5, limit: 1, offset: 0, file_path: "/a" };
    const value = accepts(input);
    expect(value).toEqual(input);
    expect(Object.keys(value ?? {})).toEqual(["file_path", "offset", "limit", "ratio", "flag", "mode", "tags", "either"]);
    // A copy: what the tool gets is not the caller's object.
    expect(value).not.toBe(input);
    expect(value?.tags).not.toBe(input.tags);
  });

  test("optional keys may be left out", () => {
    expect(accepts({ file_path: "/a" })).toEqual({ file_path: "/a" });
  });

  test("an enum without a type, and a union's first fitting option", () => {
    expect(accepts({ v: 2 }, { type: "object", properties: { v: { enum: [1, 2] } }, additionalProperties: false })).toEqual({ v: 2 });
    expect(accepts({ either: "s", file_path: "/a" })).toEqual({ file_path: "/a", either: "s" });
  });

  test("a string's length in code points, as Zod counts it", () => {
    const schema = { type: "object", properties: { q: { type: "string", minLength: 2, maxLength: 3 } }, additionalProperties: false };
    expect(accepts({ q: "🙂" }, schema)).toBeUndefined();
    expect(accepts({ q: "🙂🙂" }, schema)).toEqual({ q: "🙂🙂" });
    expect(accepts({ q: "🙂🙂🙂" }, schema)).toEqual({ q: "🙂🙂🙂" });
    expect(accepts({ q: "🙂🙂🙂🙂" }, schema)).toBeUndefined();
    // A lone surrogate is one.
    expect(accepts({ q: "\ud83d\ud83d" }, schema)).toEqual({ q: "\ud83d\ud83d" });
  });

  test("bounds and lengths at their edges", () => {
    expect(accepts({ file_path: "/", offset: 0, limit: 1, ratio: -5, tags: ["abc", ""] })).toBeDefined();
    expect(accepts({ file_path: "/", offset: Number.MAX_SAFE_INTEGER })).toBeDefined();
  });
});

describe("leaves to Zod what it does not accept", () => {
  const refused: Array<[string, unknown]> = [
    ["a missing required key", {}],
    ["a key the schema does not name", { file_path: "/a", extra: 1 }],
    ["a string too short", { file_path: "" }],
    ["a number for a string", { file_path: 5 }],
    ["a negative offset", { file_path: "/a", offset: -1 }],
    ["a fractional integer", { file_path: "/a", offset: 1.5 }],
    ["an integer past the safe range", { file_path: "/a", offset: 2 ** 53 }],
    ["an exclusive minimum met", { file_path: "/a", limit: 0 }],
    ["an exclusive maximum met", { file_path: "/a", ratio: 1 }],
    ["a value outside the enum", { file_path: "/a", mode: "c" }],
    ["a string for a boolean", { file_path: "/a", flag: "true" }],
    ["too many items", { file_path: "/a", tags: ["a", "b", "c"] }],
    ["too few items", { file_path: "/a", tags: [] }],
    ["an item too long", { file_path: "/a", tags: ["abcd"] }],
    ["a hole in an array", { file_path: "/a", tags: new Array(1) }],
    ["no union option fits", { file_path: "/a", either: { x: "1" } }],
    ["undefined given for a key", { file_path: "/a", offset: undefined }],
    ["an array for the input", ["/a"]],
    ["null", null],
    ["a string", "/a"],
    ["an object that is not plain", Object.assign(new (class Input {})(), { file_path: "/a" })],
  ];
  for (const [what, input] of refused) test(what, () => expect(accepts(input)).toBeUndefined());

  test("non-finite numbers", () => {
    const schema = { type: "object", properties: { n: { type: "number" } }, additionalProperties: false };
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(accepts({ n }, schema)).toBeUndefined();
    expect(accepts({ n: -0.25 }, schema)).toEqual({ n: -0.25 });
  });

  test("a keyword it does not know, anywhere in the schema", () => {
    for (const extra of [{ pattern: "^a" }, { format: "email" }, { default: "x" }, { const: "x" }, { oneOf: [] }, { not: {} }]) {
      const schema = { type: "object", properties: { s: { type: "string", ...extra } }, additionalProperties: false };
      expect(accepts({ s: "a" }, schema)).toBeUndefined();
    }
    expect(accepts({ s: "a" }, { type: "object", properties: { s: { type: "string" } }, patternProperties: {} })).toBeUndefined();
  });

  test("a schema that lets other keys through, or names none", () => {
    expect(accepts({ a: "x" }, { type: "object", properties: { a: { type: "string" } }, additionalProperties: true })).toBeUndefined();
    expect(accepts({ a: "x" }, { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "string" } })).toBeUndefined();
    expect(accepts({}, { type: "object" })).toBeUndefined();
    expect(accepts({ a: "x" }, { type: ["object", "null"], properties: { a: { type: "string" } } })).toBeUndefined();
    expect(accepts({ a: "x" }, { type: "object", properties: { a: { type: ["string", "number"], minLength: 2 } }, additionalProperties: false })).toBeUndefined();
  });

  test("a list of plain types, as Zod writes a union of them", () => {
    const schema = { type: "object", properties: { a: { type: ["string", "number", "boolean"], description: "any" } }, additionalProperties: false };
    for (const a of ["x", 2, false]) expect(accepts({ a }, schema)).toEqual({ a });
    for (const a of [null, [], {}, Number.NaN]) expect(accepts({ a }, schema)).toBeUndefined();
  });

  test("keywords beside anyOf or an untyped enum, and required names the schema does not describe", () => {
    const object = (property: unknown, required: string[] = []) => ({ type: "object", properties: { a: property }, required, additionalProperties: false });
    expect(accepts({ a: "xyz" }, object({ anyOf: [{ type: "string" }], maxLength: 2 }))).toBeUndefined();
    expect(accepts({ a: "x" }, object({ enum: ["x"], minLength: 2 }))).toBeUndefined();
    expect(accepts({ a: "x" }, object({ type: "string" }, ["a", "b"]))).toBeUndefined();
    expect(accepts({ a: "x" }, object({ anyOf: [{ type: "string" }], description: "d" }))).toEqual({ a: "x" });
  });

  test("a key Zod would see that is not the value's own: inherited, or a proxy's", () => {
    const schema = { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a"], additionalProperties: false };
    const inherited = Object.assign(Object.create({ b: "x" }) as object, { a: "y" });
    expect(accepts(inherited, schema)).toBeUndefined();
    const proxied = new Proxy({ a: "y" }, { has: (target, key) => key === "b" || key in target });
    expect(accepts(proxied, schema)).toBeUndefined();
  });

  test("getters, which may change what they are read from, and proxies Zod sees otherwise (a second review)", () => {
    const schema = { type: "object", properties: { a: { type: "string" }, list: { type: "array", items: { type: "string" }, maxItems: 2 } }, additionalProperties: false };
    const withGetter = { get a() { return "x"; } };
    expect(accepts(withGetter, schema)).toBeUndefined();
    const list = ["p", "q"];
    Object.defineProperty(list, 0, { get: () => { list.push("r"); return "p"; }, enumerable: true });
    expect(accepts({ list }, schema)).toBeUndefined();
    expect(accepts(new Proxy({ a: "x" }, { has: () => false }), schema)).toBeUndefined();
    // Plain data still passes.
    expect(accepts({ a: "x", list: ["p"] }, schema)).toEqual({ a: "x", list: ["p"] });
  });

  test("a property named like an Object method, and __proto__", () => {
    const schema = { type: "object", properties: { toString: { type: "string" } }, additionalProperties: false };
    expect(accepts({ toString: "x" }, schema)).toBeUndefined();
    expect(accepts(JSON.parse('{"file_path": "/a", "__proto__": {"x": 1}}'))).toBeUndefined();
  });

  test("nesting past its depth", () => {
    let schema: Record<string, unknown> = { type: "string" };
    let value: unknown = "x";
    for (let level = 0; level < 40; level++) {
      schema = { type: "object", properties: { a: schema }, required: ["a"], additionalProperties: false };
      value = { a: value };
    }
    expect(accepts(value, schema)).toBeUndefined();
  });
});
