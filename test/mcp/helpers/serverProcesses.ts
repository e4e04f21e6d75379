/**
 * Reference servers from node_modules and our own fixtures, as MCP entries and as processes:
 * nothing is fetched at test time. HTTP servers get a port found free through port 0.
 */
import { join } from "node:path";
import type { McpServerConfig, McpServerEntry } from "../../../src/mcp/client/config/McpServerConfig.ts";

const ROOT = join(import.meta.dir, "..", "..", "..");
export const SERVER_EVERYTHING = join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
export const SERVER_FILESYSTEM = join(ROOT, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
export const FIXTURE_SERVER = join(ROOT, "test/mcp/fixtures/fixtureServer.ts");
export const SILENT_SERVER = join(ROOT, "test/mcp/fixtures/silentServer.ts");
/** The fixture's tools beyond its `--tools N` echo tools (add_tool, die, spawn_child, ...). */
export const FIXTURE_EXTRA_TOOLS = 8;

/** The reference servers run on node, as their users run them; these tests skip where there is none. */
export const NODE = Bun.which("node");

/** An entry as --mcp-config would give it. */
export function entry(name: string, config: McpServerConfig): McpServerEntry {
  return { name, scope: "flag", where: "--mcp-config", config };
}

export function stdio(command: string, ...args: string[]): McpServerConfig {
  return { type: "stdio", command, args, env: {} };
}

/** A port nothing listens on right now (bound with port 0, then released). */
export function freePort(): number {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = listener.port;
  listener.stop(true);
  return port;
}

/** Reads a stream until a line matches, or fails after `timeoutMs`. */
export async function waitForLine(stream: ReadableStream<Uint8Array>, pattern: RegExp, timeoutMs = 15_000): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    while (!pattern.test(seen)) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => deadline.addEventListener("abort", () => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; got: ${seen}`)), { once: true })),
      ]);
      if (chunk.done) throw new Error(`the process ended before a line matching ${pattern}; got: ${seen}`);
      seen += decoder.decode(chunk.value);
    }
  } finally {
    reader.releaseLock();
  }
}

/** server-everything over HTTP ("streamableHttp" at /mcp, or "sse" at /sse), ready to take clients. */
export async function startEverythingOverHttp(transport: "streamableHttp" | "sse"): Promise<{ url: string; stop(): Promise<void> }> {
  const port = freePort();
  const child = Bun.spawn([NODE ?? "node", SERVER_EVERYTHING, transport], { env: { ...process.env, PORT: String(port) }, stdin: "ignore", stdout: "ignore", stderr: "pipe" });
  await waitForLine(child.stderr, new RegExp(`(listening|running) on port ${port}`));
  return {
    url: `http://127.0.0.1:${port}/${transport === "sse" ? "sse" : "mcp"}`,
    async stop() {
      child.kill();
      await child.exited;
    },
  };
}
