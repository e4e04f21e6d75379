/**
 * The interactive terminal with an MCP server that is slow to start (the compiled binary in
 * tmux): the prompt is ready at once, /mcp shows the server still connecting, and a message sent
 * meanwhile waits for it (the busy line says so), so its request carries the server's tools.
 */
import { afterEach, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { textTurn } from "../helpers/messagesApiServer.ts";
import { BUILD_TIMEOUT_MS, terminalBinary } from "./helpers/terminalBinary.ts";
import { createTerminalKit, type TerminalKit } from "./helpers/terminalKit.ts";

beforeAll(() => terminalBinary(), { timeout: BUILD_TIMEOUT_MS });

let kit: TerminalKit;
afterEach(async () => {
  await kit?.close();
});

const READY = /╭─+╮\n│ > +│\n╰─+╯/;
const FIXTURE = join(import.meta.dir, "..", "mcp", "fixtures", "fixtureServer.ts");

test("the prompt does not wait for a slow MCP server; a message sent meanwhile waits, and its request has the server's tools", async () => {
  kit = await createTerminalKit();
  const gate = join(kit.root.path, "gate");
  const held = `while [ ! -e '${gate}' ]; do sleep 0.05; done; exec '${process.execPath}' '${FIXTURE}' --tools 1`;
  const config = join(kit.root.path, "mcp.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { slow: { command: "sh", args: ["-c", held] } } }));
  kit.server.push(textTurn("Answered."));
  await kit.start(["--mcp-config", config]);
  await kit.waitFor(READY);
  kit.type("/mcp");
  kit.keys("Enter");
  await kit.waitFor(/slow +pending/);
  await kit.waitFor(READY);
  kit.type("hello");
  kit.keys("Enter");
  // The message waits for the server, and says so: nothing is sent until it has started.
  await kit.waitFor("Waiting for MCP servers");
  await Bun.sleep(300);
  expect(kit.server.requestCount).toBe(0);
  writeFileSync(gate, "");
  await kit.waitFor("Answered.");
  const tools = (kit.server.requests[0]?.body as { tools: { name: string }[] }).tools.map((tool) => tool.name);
  expect(tools).toContain("mcp__slow__tool_000");
});
