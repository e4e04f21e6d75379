/** `mcp add` spelled as the leading agent spells it. */
import { describe, expect, test } from "bun:test";
import { UsageError } from "../../../src/errors/ToolError.ts";
import { parseMcpAddArgs } from "../../../src/mcp/cli/parseMcpAddArgs.ts";

describe("parseMcpAddArgs", () => {
  test("a stdio server after --, its flags untouched; -e variables; user scope by default", () => {
    expect(parseMcpAddArgs(["-e", "API_KEY=abc=def", "files", "--", "npx", "-y", "server", "--help"])).toEqual({
      name: "files",
      scope: "user",
      config: { type: "stdio", command: "npx", args: ["-y", "server", "--help"], env: { API_KEY: "abc=def" } },
    });
    expect(parseMcpAddArgs(["--scope", "project", "tool", "node", "server.js"]).config).toEqual({ type: "stdio", command: "node", args: ["server.js"], env: {} });
  });

  test("a URL is http unless --transport says sse; -H headers", () => {
    expect(parseMcpAddArgs(["docs", "https://example.com/mcp", "-H", "Authorization: Bearer ${TOKEN}", "-H", "X-Team:  core "])).toEqual({
      name: "docs",
      scope: "user",
      config: { type: "http", url: "https://example.com/mcp", headers: { Authorization: "Bearer ${TOKEN}", "X-Team": "core" } },
    });
    expect(parseMcpAddArgs(["--transport", "sse", "-s", "project", "old", "http://localhost:3001/sse"])).toEqual({
      name: "old",
      scope: "project",
      config: { type: "sse", url: "http://localhost:3001/sse", headers: {} },
    });
  });

  test("bad usage says what to fix", () => {
    const cases: Array<[string[], string]> = [
      [[], "needs a server name"],
      [["my server", "--", "x"], "use only letters, digits, - and _"],
      [["a.b", "--", "x"], "is not a valid server name"],
      [["name"], "needs a URL, or"],
      [["--transport", "ws", "n", "u"], '--transport "ws" is not one of stdio, http, sse'],
      [["--scope", "local", "n", "--", "x"], '--scope "local" is not one of project, user'],
      [["-e", "1X=2", "n", "--", "x"], "is not KEY=VALUE"],
      [["-H", "no colon", "n", "https://h"], 'is not "Name: value"'],
      [["-H", "A: b", "n", "--", "x"], "-H headers are for http and sse servers"],
      [["-e", "A=b", "n", "https://h/mcp"], "-e sets a stdio server's environment"],
      [["--transport", "http", "n", "not a url"], "is not a valid URL"],
      [["--transport", "http", "n", "ftp://h"], "is not an http or https address"],
      [["n", "extra", "--", "x"], 'put the server\'s command after "--" only'],
      [["--bogus", "n"], "The flags of \"toolshed mcp add\" are"],
    ];
    for (const [args, message] of cases) {
      expect(() => parseMcpAddArgs(args)).toThrow(UsageError);
      expect(() => parseMcpAddArgs(args)).toThrow(message);
    }
  });
});
