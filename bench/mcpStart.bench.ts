/**
 * MCP start: the time from starting `toolshed -p` to its first model request with three stdio MCP
 * servers configured (--mcp-config), against the same run without servers, interleaved, medians
 * compared. The figure's servers are bench/lib/tinyMcpServer.sh, which starts in about a
 * millisecond, so the figure is toolshed's own cost of starting servers; the same run with
 * bench/lib/tinyMcpServer.ts under this Bun (about 6 ms to boot each, three sharing the cores
 * with toolshed) is measured alongside and shown in the detail. The model is the local Messages
 * API server, which notes when each request arrives.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { median, type Benchmark } from "./figure.ts";
import { benchDirectory, publicBinary } from "./lib/binaries.ts";
import { startMessagesApiServer, textTurn } from "../test/helpers/messagesApiServer.ts";

const ROUNDS = 15;
const SH_SERVER = resolve("bench", "lib", "tinyMcpServer.sh");
const BUN_SERVER = resolve("bench", "lib", "tinyMcpServer.ts");

/** `--mcp-config` with three servers, each `command` with `args`. */
function threeServers(command: string, args: string[]): string[] {
  const servers = Object.fromEntries(["one", "two", "three"].map((name) => [name, { command, args }]));
  return ["--mcp-config", JSON.stringify({ mcpServers: servers })];
}

export const mcpStartBenchmark: Benchmark = {
  name: "mcp start",
  async run() {
    const toolshed = await publicBinary();
    const server = startMessagesApiServer();
    const project = join(benchDirectory, "mcp-project");
    mkdirSync(join(project, ".git"), { recursive: true });
    const withServers = threeServers("/bin/sh", [SH_SERVER]);
    const withBunServers = threeServers(process.execPath, [BUN_SERVER]);
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: benchDirectory,
      TOOLSHED_CONFIG_DIR: join(benchDirectory, "mcp-config"),
      TOOLSHED_MANAGED_SETTINGS: join(benchDirectory, "no-managed.json"),
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: "bench",
    };
    /** Milliseconds from the spawn to the first request reaching the server. */
    const timeToRequest = async (extra: string[]): Promise<number> => {
      let arrived = 0;
      server.push(() => {
        arrived = performance.now();
        return textTurn("ok");
      });
      const started = performance.now();
      const child = Bun.spawn([toolshed, "-p", "hi", "--output-format", "json", ...extra], { cwd: project, env, stdout: "ignore", stderr: "pipe" });
      const [status, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
      if (status !== 0 || arrived === 0) throw new Error(`toolshed -p exited ${status} without a request: ${stderr.trim()}`);
      return arrived - started;
    };
    try {
      await timeToRequest(withServers);
      await timeToRequest(withBunServers);
      await timeToRequest([]);
      const plain: number[] = [];
      const served: number[] = [];
      const servedByBun: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        served.push(await timeToRequest(withServers));
        plain.push(await timeToRequest([]));
        servedByBun.push(await timeToRequest(withBunServers));
      }
      const withMs = median(served);
      const withoutMs = median(plain);
      const withBunMs = median(servedByBun);
      return [{
        name: "mcp start",
        value: withMs / withoutMs,
        goal: 1.3,
        detail: `first model request after ${withMs.toFixed(1)} ms with three stdio servers vs ${withoutMs.toFixed(1)} ms without; ${withBunMs.toFixed(1)} ms (${(withBunMs / withoutMs).toFixed(2)}x) when the servers are Bun processes`,
      }];
    } finally {
      await server.close();
    }
  },
};
