/**
 * An HTTP MCP server whose address redirects elsewhere: the transports (streamable HTTP and SSE)
 * follow redirects only within the server's origin, so the headers of its configuration (an API
 * key, say) and the requests never reach another origin; the server is reported failed instead.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { connectMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { entry } from "../helpers/serverProcesses.ts";

const servers: ReturnType<typeof Bun.serve>[] = [];
let folder: TemporaryFolder | undefined;
afterEach(() => {
  for (const server of servers.splice(0)) server.stop(true);
  folder?.remove();
});

describe("an HTTP MCP server that redirects to another origin", () => {
  for (const type of ["http", "sse"] as const) {
    test(`${type}: nothing reaches the other origin, and the server is reported failed`, async () => {
      const elsewhere: string[] = [];
      const other = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => (elsewhere.push(`${request.method} ${request.headers.get("x-api-key")}`), new Response("{}")) });
      const redirecting = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(null, { status: 307, headers: { location: `http://127.0.0.1:${other.port}/mcp` } }) });
      servers.push(other, redirecting);
      folder = createTemporaryFolder("toolshed-mcp-redirect-");
      const { connections } = await connectMcpServers({
        cwd: folder.path,
        sessionDirectory: join(folder.path, ".session"),
        settings: { sources: [], trusted: true },
        entries: [entry("moved", { type, url: `http://127.0.0.1:${redirecting.port}/mcp`, headers: { "x-api-key": "secret" } })],
      });
      try {
        expect(connections.list()[0]).toMatchObject({ name: "moved", status: "failed" });
        expect(elsewhere).toEqual([]);
      } finally {
        await connections.close();
      }
    });
  }
});
