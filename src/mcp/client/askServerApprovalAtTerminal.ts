/**
 * Asks the person at the terminal about project servers nobody approved yet, one by one: a
 * project's own .mcp.json runs commands the repository chose, so each needs a person's yes.
 * The answers are for this session; to keep one, the person adds the name to
 * `enabledMcpjsonServers` in their own settings (the question says so).
 */
import { describeServerTarget } from "./config/describeServerTarget.ts";
import type { McpServerEntry } from "./config/McpServerConfig.ts";

/** Resolves with the names the person said yes to; anything but yes (or a closed input) is no. */
export async function askServerApprovalAtTerminal(
  servers: readonly McpServerEntry[],
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string[]> {
  const { createInterface } = await import("node:readline/promises");
  const lines = createInterface({ input, output, terminal: false });
  const approved: string[] = [];
  // A question on input that has ended would wait forever: the end counts as no to the rest.
  const ended = new Promise<null>((resolve) => lines.once("close", () => resolve(null)));
  try {
    output.write(`This project's .mcp.json would start ${servers.length === 1 ? "an MCP server" : `${servers.length} MCP servers`} (to always start one, add its name to "enabledMcpjsonServers" in ~/.toolshed/settings.json):\n`);
    for (const server of servers) {
      const reply = await Promise.race([lines.question(`  ${server.name}: ${describeServerTarget(server)} (${server.where}). Start it? [y]es / [n]o: `), ended]);
      if (reply === null) break;
      if (/^y(es)?$/i.test(reply.trim())) approved.push(server.name);
    }
  } catch {
    // Input closed: what was not answered stays unapproved.
  } finally {
    lines.close();
  }
  return approved;
}
