/** Config files as users write them: each entry checked on its own, with its file and line. */
import { describe, expect, test } from "bun:test";
import { parseMcpConfigText } from "../../../../src/mcp/client/config/parseMcpConfigText.ts";

const FILE = `{
  "mcpServers": {
    "files": { "command": "npx", "args": ["-y", "server"], "env": { "KEY": "v" } },
    "docs": { "type": "streamable-http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer x" } },
    "old": { "type": "sse", "url": "https://example.com/sse" },
    "nourl": { "url": "https://example.com/mcp" },
    "socket": { "type": "ws", "url": "wss://example.com" },
    "empty": { "command": "" },
    "weird": { "type": "smoke", "url": "x" },
    "extra": { "command": "run", "alwaysLoad": true },
    "notobject": 5
  }
}
`;

describe("parseMcpConfigText", () => {
  test("good entries become configurations; streamable-http is http; args and env default to empty", () => {
    const parsed = parseMcpConfigText(FILE, "/p/.mcp.json", "project");
    if (!parsed.ok) throw new Error(parsed.message);
    const byName = new Map(parsed.entries.map((entry) => [entry.name, entry]));
    expect(byName.get("files")).toEqual({ name: "files", scope: "project", where: "/p/.mcp.json:3", config: { type: "stdio", command: "npx", args: ["-y", "server"], env: { KEY: "v" } } });
    expect(byName.get("docs")?.config).toEqual({ type: "http", url: "https://example.com/mcp", headers: { Authorization: "Bearer x" } });
    expect(byName.get("old")?.config).toEqual({ type: "sse", url: "https://example.com/sse", headers: {} });
    expect(byName.get("extra")?.config).toEqual({ type: "stdio", command: "run", args: [], env: {} });
  });

  test("each bad entry keeps its name and line and says what is wrong; the others still count", () => {
    const parsed = parseMcpConfigText(FILE, "/p/.mcp.json", "project");
    if (!parsed.ok) throw new Error(parsed.message);
    const problems = Object.fromEntries(parsed.entries.filter((entry) => entry.problem !== undefined).map((entry) => [entry.name, `${entry.where} ${entry.problem}`]));
    expect(problems.nourl).toBe('/p/.mcp.json:6 it has a "url" but no "type"; add "type": "http" (or "sse") to this entry');
    expect(problems.socket).toContain("WebSocket servers");
    expect(problems.empty).toBe('/p/.mcp.json:8 "command" must not be empty');
    expect(problems.weird).toContain('"type" "smoke" is not one of stdio, http, streamable-http, sse');
    expect(problems.notobject).toContain("must be an object");
    expect(parsed.entries.filter((entry) => entry.config !== undefined).map((entry) => entry.name)).toEqual(["files", "docs", "old", "extra"]);
    expect(parsed.warnings).toEqual(['/p/.mcp.json:10: MCP server "extra": "alwaysLoad" is not used by toolshed and ignored (an entry has type, command, args, env)']);
  });

  test("a file that is not JSON says where; one of the wrong shape says what it should be", () => {
    expect(parseMcpConfigText('{\n  "mcpServers": {\n    "a": {,\n', "/x.json", "user")).toEqual({ ok: false, message: "/x.json:3: invalid JSON (ValueExpected)" });
    expect(parseMcpConfigText("[]", "/x.json", "user")).toEqual({ ok: false, message: '/x.json: it must be a JSON object with "mcpServers": {"<name>": {...}}' });
    expect(parseMcpConfigText('{"mcpServers": []}', "/x.json", "user").ok).toBe(false);
    const none = parseMcpConfigText("{}", "/x.json", "user");
    expect(none).toEqual({ ok: true, entries: [], warnings: ['/x.json: there is no "mcpServers" object, so it configures no server'] });
  });

  test("inline JSON has no lines to name", () => {
    const parsed = parseMcpConfigText('{"mcpServers": {"a": {"command": "x"}}}', "--mcp-config", "flag", false);
    expect(parsed.ok && parsed.entries[0]?.where).toBe("--mcp-config");
  });
  test("a server name with control or invisible characters is skipped with a warning that shows them escaped", () => {
    const text = JSON.stringify({ mcpServers: { "eslint\u001b[31m": { command: "x" }, "a\u202eb": { command: "y" }, ok: { command: "z" } } });
    const parsed = parseMcpConfigText(text, "--mcp-config", "project", false);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.entries.map((entry) => entry.name)).toEqual(["ok"]);
    expect(parsed.warnings).toEqual([
      '--mcp-config: the MCP server name "eslint\\u001b[31m" has control or invisible characters; it is skipped',
      '--mcp-config: the MCP server name "a\\u202eb" has control or invisible characters; it is skipped',
    ]);
  });
});
