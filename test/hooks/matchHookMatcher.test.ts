/** Hook matchers: names, `|` lists, regular expressions, and match-all. */
import { expect, test } from "bun:test";
import { matcherProblem, matchHookMatcher } from "../../src/hooks/matchHookMatcher.ts";

const tool = (name: string, aliases?: string[]) => ({ name, aliases });

test("empty and * match every tool, MCP tools included", () => {
  for (const matcher of ["", "*", " "]) {
    expect(matchHookMatcher(matcher, tool("Bash"))).toBe(true);
    expect(matchHookMatcher(matcher, tool("mcp__db__query"))).toBe(true);
  }
});

test("a name and |-separated names match exactly, never as a prefix or substring", () => {
  expect(matchHookMatcher("Bash", tool("Bash"))).toBe(true);
  expect(matchHookMatcher("Bash", tool("BashOutput"))).toBe(false);
  expect(matchHookMatcher("Bash|Write", tool("Write"))).toBe(true);
  expect(matchHookMatcher("Bash|Write", tool("WriteFile"))).toBe(false);
  expect(matchHookMatcher("Edit", tool("Read"))).toBe(false);
  expect(matchHookMatcher("Task", tool("Agent", ["Task"]))).toBe(true);
});

test("anything else is a regular expression tested against the name", () => {
  expect(matchHookMatcher("mcp__db__.*", tool("mcp__db__query"))).toBe(true);
  expect(matchHookMatcher("mcp__db__.*", tool("mcp__web__fetch"))).toBe(false);
  expect(matchHookMatcher("Notebook.*", tool("NotebookEdit"))).toBe(true);
  expect(matchHookMatcher("^(Edit|Write)$", tool("Write"))).toBe(true);
  expect(matchHookMatcher("^(Edit|Write)$", tool("WriteFile"))).toBe(false);
});

test("an invalid regular expression is reported and matches nothing", () => {
  expect(matcherProblem("(")).toContain("not a valid regular expression");
  expect(matcherProblem("Bash|Write")).toBeUndefined();
  expect(matchHookMatcher("(", tool("Bash"))).toBe(false);
});
