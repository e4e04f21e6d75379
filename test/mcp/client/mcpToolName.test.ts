/** mcp__<server>__<tool>: normalized, at most 64 characters, distinct and stable. */
import { describe, expect, test } from "bun:test";
import { assignServerParts, assignToolNames, MAX_TOOL_NAME_CHARS, normalizeNamePart } from "../../../src/mcp/client/mcpToolName.ts";

describe("MCP tool names", () => {
  test("characters outside [A-Za-z0-9_-] become _", () => {
    expect(normalizeNamePart("my server.v2/é")).toBe("my_server_v2__");
    expect(assignToolNames("files", ["read_file", "list-dir"])).toEqual(["mcp__files__read_file", "mcp__files__list-dir"]);
  });

  test("names that would clash keep apart by a hash, except the one that needed no change", () => {
    const names = assignToolNames("s", ["a_b", "a.b", "a b"]);
    expect(names[0]).toBe("mcp__s__a_b");
    expect(names[1]).toMatch(/^mcp__s__a_b_[0-9a-f]{6}$/);
    expect(names[2]).toMatch(/^mcp__s__a_b_[0-9a-f]{6}$/);
    expect(new Set(names).size).toBe(3);
    // Stable from one session to the next.
    expect(assignToolNames("s", ["a_b", "a.b", "a b"])).toEqual(names);
  });

  test("long names are cut to 64 characters with a hash, and two long names with the same start stay distinct", () => {
    const long = "x".repeat(80);
    const names = assignToolNames("server", [`${long}1`, `${long}2`, "short"]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(MAX_TOOL_NAME_CHARS);
    expect(names[0]).not.toBe(names[1]);
    expect(names[2]).toBe("mcp__server__short");
  });

  test("server parts: distinct, short enough to leave room for tools", () => {
    const parts = assignServerParts(["my.server", "my_server", "y".repeat(60)]);
    expect(parts[1]).toBe("my_server");
    expect(parts[0]).toMatch(/^my_server_[0-9a-f]{6}$/);
    expect(parts[2]?.length).toBeLessThanOrEqual(40);
    expect(assignToolNames(parts[2] ?? "", ["tool"])[0]?.length).toBeLessThanOrEqual(MAX_TOOL_NAME_CHARS);
  });

  test("a name listed twice still gets two distinct names", () => {
    const names = assignToolNames("s", ["t", "t"]);
    expect(names[0]).toBe("mcp__s__t");
    expect(names[1]).not.toBe("mcp__s__t");
  });
});
