/** `toolshed -p` with MCP servers: their tools in the pool, calls through the pipeline, a changed list reaching the next request. */
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { textTurn, turn } from "../helpers/messagesApiServer.ts";
import { createPrintKit, type PrintKit } from "../helpers/printRun.ts";

let kit: PrintKit;
afterEach(async () => {
  await kit?.close();
});

const FIXTURE = join(import.meta.dir, "..", "mcp", "fixtures", "fixtureServer.ts");
type Body = { tools: { name: string }[]; messages: { content: unknown }[] };

test("a server from --mcp-config: listed in init, its tool called, and a tool it adds mid-run offered in the next request", async () => {
  kit = await createPrintKit();
  const config = JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE, "--tools", "1"] } } });
  kit.server.push(
    turn([{ type: "tool_use", id: "echo", name: "mcp__fx__tool_000", input: { text: "hello over MCP" } }]),
    turn([{ type: "tool_use", id: "add", name: "mcp__fx__add_tool", input: {} }]),
    // The refresh after list_changed runs beside the loop; this answer gives it time before the next request.
    async () => {
      await Bun.sleep(2_000);
      return turn([{ type: "tool_use", id: "again", name: "mcp__fx__tool_000", input: { text: "again" } }]);
    },
    textTurn("done"),
  );
  const run = await kit.run(["-p", "use the server", "--mcp-config", config, "--allowedTools", "mcp__fx", "--output-format", "stream-json", "--verbose"]);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const events = run.stdout.trim().split("\n").map((line) => JSON.parse(line));
  expect(events[0]).toMatchObject({ type: "system", subtype: "init", mcp_servers: [{ name: "fx", status: "connected" }] });
  expect(events[0].tools).toContain("mcp__fx__tool_000");
  const bodies = kit.server.requests.map((request) => request.body as Body);
  expect(bodies[0]?.tools.map((tool) => tool.name)).toContain("mcp__fx__tool_000");
  expect(JSON.stringify(bodies[1]?.messages.at(-1))).toContain("hello over MCP");
  // add_tool added "added_<n>" and sent list_changed; a later request offers the new tool.
  expect(bodies[1]?.tools.some((tool) => tool.name.startsWith("mcp__fx__added_"))).toBe(false);
  expect(bodies[3]?.tools.some((tool) => tool.name.startsWith("mcp__fx__added_"))).toBe(true);
});
