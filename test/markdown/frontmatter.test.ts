/** The SKILL.md frontmatter reader: the YAML a skill uses, read safely, and clear reasons for the rest. */
import { describe, expect, test } from "bun:test";
import { MAX_FRONTMATTER_CHARS, parseFrontmatter } from "../../src/markdown/frontmatter.ts";

const parse = (lines: string[], body = "Body.") => parseFrontmatter(`---\n${lines.join("\n")}\n---\n${body}`);

describe("parseFrontmatter", () => {
  test("plain and quoted scalars, comments, and the body after the closing line", () => {
    expect(parse(["name: deploy   # the name", 'description: "Ships it: \\"now\\"\\tok"', "hint: 'it''s'", "# a comment", ""])).toEqual({
      ok: true,
      data: { name: "deploy", description: 'Ships it: "now"\tok', hint: "it's" },
      body: "Body.",
    });
  });

  test("block scalars (| keeps lines, > folds them), flow and block lists, one level of mapping", () => {
    const result = parse([
      "description: >", "  Folded over", "  two lines.", "", "  Then a new one.",
      "when_to_use: |", "  first", "    kept indent",
      "allowed-tools:", "  - Bash(npm test *)", '  - "Read"',
      "tags: [a, \"b, c\", 'd']",
      "metadata:", "  owner: team", '  version: "1.0"',
      "long: plain text that", "  goes on here",
    ]);
    expect(result).toEqual({
      ok: true,
      data: {
        description: "Folded over two lines.\nThen a new one.",
        when_to_use: "first\n  kept indent",
        "allowed-tools": ["Bash(npm test *)", "Read"],
        tags: ["a", "b, c", "d"],
        metadata: { owner: "team", version: "1.0" },
        long: "plain text that goes on here",
      },
      body: "Body.",
    });
  });

  test("anchors, aliases and tags are only text: nothing is expanded or constructed", () => {
    expect(parse(["a: &x value", "b: *x", "c: !!python/object/apply:os.system [ls]"])).toMatchObject({
      ok: true,
      data: { a: "&x value", b: "*x", c: "!!python/object/apply:os.system [ls]" },
    });
  });

  test("no frontmatter is fine; a BOM and CRLF line ends are read", () => {
    expect(parseFrontmatter("# Just text")).toEqual({ ok: true, data: {}, body: "# Just text" });
    expect(parseFrontmatter("\uFEFF---\r\nname: x\r\n---\r\nBody")).toEqual({ ok: true, data: { name: "x" }, body: "Body" });
  });

  test.each([
    [["name: a", "name: b"], "the key name appears twice"],
    [["just words"], "not a key: value line"],
    [['description: "open'], "does not end"],
    [["tags: [a, b"], "does not end with ]"],
    [["meta: {a: 1}"], "{ } mapping"],
    [["\tname: x"], "tab"],
    [["  indented: x"], "indented line"],
    [["list:", "  - a", "  b: c"], "neither a list item"],
  ])("%j is refused: %s", (lines, reason) => {
    const result = parse(lines);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  test("an unclosed or oversized frontmatter is refused", () => {
    expect(parseFrontmatter("---\nname: x\n")).toEqual({ ok: false, reason: "the frontmatter has no closing --- line" });
    const huge = parseFrontmatter(`---\ndescription: ${"x".repeat(MAX_FRONTMATTER_CHARS)}\n---\n`);
    expect(huge.ok).toBe(false);
  });
});
