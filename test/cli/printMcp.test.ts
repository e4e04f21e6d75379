/** `toolshed -p` with MCP servers: their tools in the pool, calls through the pipeline, a changed list reaching the next request. */
import { afterEach, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
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

test("a project's .mcp.json server runs once the person's settings enable it; otherwise it waits for approval and the run goes on without it", async () => {
  kit = await createPrintKit();
  writeFileSync(join(kit.project, ".mcp.json"), JSON.stringify({ mcpServers: { proj: { command: process.execPath, args: [FIXTURE, "--tools", "1"] } } }));
  kit.server.push(textTurn("no servers"));
  const waiting = await kit.run(["-p", "hi", "--output-format", "stream-json", "--verbose"]);
  expect(waiting.status).toBe(0);
  const init = JSON.parse(waiting.stdout.split("\n")[0] ?? "{}");
  expect(init.mcp_servers).toEqual([{ name: "proj", status: "needs-approval" }]);
  expect(init.tools.some((name: string) => name.startsWith("mcp__proj__"))).toBe(false);

  writeFileSync(join(kit.config, "settings.json"), JSON.stringify({ enabledMcpjsonServers: ["proj"] }));
  kit.server.push(turn([{ type: "tool_use", id: "echo", name: "mcp__proj__tool_000", input: { text: "from the project's server" } }]), textTurn("done"));
  const enabled = await kit.run(["-p", "use it", "--allowedTools", "mcp__proj", "--output-format", "json"]);
  expect(enabled.status).toBe(0);
  expect(JSON.parse(enabled.stdout).result).toBe("done");
  expect(JSON.stringify((kit.server.requests.at(-1)?.body as Body).messages.at(-1))).toContain("from the project's server");
});

test("Ctrl-C while a server is still connecting ends the run at once, with no model request", async () => {
  kit = await createPrintKit();
  const silent = join(import.meta.dir, "..", "mcp", "fixtures", "silentServer.ts");
  const config = JSON.stringify({ mcpServers: { quiet: { command: process.execPath, args: [silent] } } });
  const child = kit.spawn(["-p", "hi", "--mcp-config", config, "--output-format", "json"], { env: { MCP_TIMEOUT: "60000" } });
  // Long enough for the run to reach its wait for the server (it starts from source here).
  await Bun.sleep(1_500);
  const signalled = Date.now();
  child.kill("SIGINT");
  const status = await child.exited;
  expect(Date.now() - signalled).toBeLessThan(10_000);
  expect(status).toBe(130);
  expect(kit.server.requestCount).toBe(0);
});
