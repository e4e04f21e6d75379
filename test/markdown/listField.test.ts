import { describe, expect, test } from "bun:test";
import { listField } from "../../src/markdown/listField.ts";

describe("listField", () => {
  test("commas, spaces or a YAML list; parentheses keep a rule whole", () => {
    expect(listField("Read, Grep Glob")).toEqual(["Read", "Grep", "Glob"]);
    expect(listField("Bash(git log:*), Read")).toEqual(["Bash(git log:*)", "Read"]);
    expect(listField(["Read", " Edit "])).toEqual(["Read", "Edit"]);
    expect(listField(undefined)).toBeUndefined();
    expect(listField(3)).toEqual({ problem: "must be a list of names (a, b, c or a YAML list)" });
  });
});
