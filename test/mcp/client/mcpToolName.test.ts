/** mcp__<server>__<tool>: normalized, at most 64 characters, distinct and stable. */
import { describe, expect, test } from "bun:test";
import { assignServerParts, assignToolNames, MAX_TOOL_NAME_CHARS, normalizeNamePart } from "../../../src/mcp/client/mcpToolName.ts";
import { matchToolName } from "../../../src/permissions/matchToolName.ts";

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

  test("a server part never holds __ or starts or ends with _: a rule for one server cannot name another's tools", () => {
    const parts = assignServerParts(["github", "github__helper", "github_", "a__b", "__", "_x"]);
    expect(parts[0]).toBe("github");
    expect(parts[1]).toMatch(/^github_helper_[0-9a-f]{6}$/);
    expect(parts[2]).toMatch(/^github_[0-9a-f]{6}$/);
    expect(parts[3]).toMatch(/^a_b_[0-9a-f]{6}$/);
    expect(parts[4]).toMatch(/^server_[0-9a-f]{6}$/);
    expect(parts[5]).toMatch(/^x_[0-9a-f]{6}$/);
    for (const part of parts) expect(part).not.toMatch(/__|^_|_$/);
    // The rule mcp__github (and mcp__github__*) reaches only the server "github".
    const tools = parts.flatMap((part) => assignToolNames(part, ["run"]));
    const allowed = tools.filter((name) => matchToolName("mcp__github", { name }) || matchToolName("mcp__github__*", { name }));
    expect(allowed).toEqual(["mcp__github__run"]);
    // A server a__b's tool c and server a's tool b__c no longer share a name.
    expect(assignToolNames(parts[3] ?? "", ["c"])[0]).not.toBe(assignToolNames("a", ["b__c"])[0]);
  });

  test("a name listed twice still gets two distinct names", () => {
    const names = assignToolNames("s", ["t", "t"]);
    expect(names[0]).toBe("mcp__s__t");
    expect(names[1]).not.toBe("mcp__s__t");
  });
});
