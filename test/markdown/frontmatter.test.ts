import { describe, expect, test } from "bun:test";
import { listField, parseFrontmatter } from "../../src/markdown/frontmatter.ts";

describe("parseFrontmatter", () => {
  test("fields and body; a byte-order mark and CRLF lines are fine", () => {
    expect(parseFrontmatter("\uFEFF---\r\nname: a\r\ncount: 3\r\n---\r\nThe body.\n")).toEqual({ ok: true, fields: { name: "a", count: 3 }, body: "The body.\n" });
  });
  test("a file without frontmatter is all body", () => {
    expect(parseFrontmatter("# Title\n")).toEqual({ ok: true, fields: {}, body: "# Title\n" });
  });
  test("unclosed frontmatter, bad YAML and a list instead of fields are refused with what is wrong", () => {
    expect(parseFrontmatter("---\nname: a\n")).toEqual({ ok: false, problem: "the frontmatter opened with --- is never closed with a --- line" });
    const bad = parseFrontmatter("---\nname: [unclosed\n---\nbody");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problem).toStartWith("the frontmatter is not valid YAML");
    expect(parseFrontmatter("---\n- a\n- b\n---\nbody")).toEqual({ ok: false, problem: "the frontmatter must be a set of key: value lines" });
  });
});

describe("listField", () => {
  test("commas, spaces or a YAML list; parentheses keep a rule whole", () => {
    expect(listField("Read, Grep Glob")).toEqual(["Read", "Grep", "Glob"]);
    expect(listField("Bash(git log:*), Read")).toEqual(["Bash(git log:*)", "Read"]);
    expect(listField(["Read", " Edit "])).toEqual(["Read", "Edit"]);
    expect(listField(undefined)).toBeUndefined();
    expect(listField(3)).toEqual({ problem: "must be a list of names (a, b, c or a YAML list)" });
  });
});
