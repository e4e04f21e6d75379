import { describe, expect, test } from "bun:test";
import { coerceInput } from "../../src/pipeline/coerceInput.ts";

const schema = {
  type: "object" as const,
  properties: {
    count: { type: "integer" },
    ratio: { type: "number" },
    flag: { type: "boolean" },
    name: { type: "string" },
    either: { anyOf: [{ type: "number" }, { type: "null" }] },
  },
};

describe("coerceInput", () => {
  test("turns numeric and boolean strings into their types where the schema wants them", () => {
    expect(coerceInput({ count: "5", ratio: "0.25", flag: "false", either: "-3" }, schema)).toEqual({ count: 5, ratio: 0.25, flag: false, either: -3 });
  });

  test("leaves strings for string fields, unknown fields, and anything ambiguous alone", () => {
    const input = { name: "5", extra: "true", count: "1.5", ratio: "1e400", flag: "yes", either: "" };
    expect(coerceInput(input, schema)).toEqual(input);
  });

  test("leaves non-objects alone", () => {
    expect(coerceInput("text", schema)).toBe("text");
    expect(coerceInput(null, schema)).toBeNull();
    expect(coerceInput([1], schema)).toEqual([1]);
  });
});
