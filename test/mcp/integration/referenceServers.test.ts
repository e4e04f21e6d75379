/**
 * The reference servers published on npm (from node_modules, no network): server-everything over
 * stdio, streamable HTTP and SSE, and server-filesystem over stdio, reached through the real
 * client, the adapter and the pipeline.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { connectMcpServers, type ConnectedMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import type { McpServerEntry } from "../../../src/mcp/client/config/McpServerConfig.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createMcpTestSession } from "../helpers/mcpTestSession.ts";
import { entry, NODE, SERVER_EVERYTHING, SERVER_FILESYSTEM, startEverythingOverHttp, stdio } from "../helpers/serverProcesses.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A temporary folder, and the servers connected to a session working there that allows `allow` (MCP tools ask otherwise). */
async function open(entries: McpServerEntry[], folder: TemporaryFolder, allow: string[] = entries.map((server) => `mcp__${server.name}`)) {
  const connected: ConnectedMcpServers = await connectMcpServers({ cwd: folder.path, sessionDirectory: join(folder.path, ".session"), settings: { sources: [], trusted: true }, entries });
  const session = await createMcpTestSession(folder.path, connected, { permissions: { allow } });
  cleanups.push(() => session.close());
  for (const status of connected.connections.list()) if (status.status !== "connected") throw new Error(`${status.name}: ${status.detail}`);
  return { connected, context: session.context };
}

function newFolder(): TemporaryFolder {
  const folder = createTemporaryFolder("toolshed-mcp-reference-");
  cleanups.push(() => folder.remove());
  return folder;
}

/** The checks every transport of server-everything must pass. */
async function exerciseEverything(opened: Awaited<ReturnType<typeof open>>, server: string) {
  const { connected, context } = opened;
  const names = connected.tools.map((tool) => tool.name);
  expect(names).toContain(`mcp__${server}__echo`);
  expect(names).toContain(`mcp__${server}__get-tiny-image`);
  expect((await callTool(context, `mcp__${server}__echo`, { message: "hello" })).text).toBe("Echo: hello");
  // "3" is one of the slips the pipeline coerces, against the server's own schema.
  expect((await callTool(context, `mcp__${server}__get-sum`, { a: 2, b: "3" })).text).toContain("5");
  const image = await callTool(context, `mcp__${server}__get-tiny-image`, {});
  expect(Array.isArray(image.result.content) && image.result.content.some((part) => part.type === "image" && part.source.type === "base64" && part.source.media_type === "image/png")).toBe(true);
  const bad = await callTool(context, `mcp__${server}__echo`, { message: 42 });
  expect([bad.stage, bad.text]).toEqual(["validation", expect.stringContaining("input/message must be string")]);
  expect((await callTool(context, "ListMcpResources", { server })).text).toMatch(/^\d+ resources:/);
}

describe.skipIf(NODE === null)("the reference servers", () => {
  test("server-everything over stdio: tools, an image, bad input, resources", async () => {
    const opened = await open([entry("everything", stdio(NODE ?? "node", SERVER_EVERYTHING))], newFolder());
    await exerciseEverything(opened, "everything");
  });

  test("server-everything over streamable HTTP and over SSE", async () => {
    const [http, sse] = await Promise.all([startEverythingOverHttp("streamableHttp"), startEverythingOverHttp("sse")]);
    cleanups.push(() => http.stop(), () => sse.stop());
    const opened = await open([entry("web", { type: "http", url: http.url, headers: {} }), entry("old", { type: "sse", url: sse.url, headers: {} })], newFolder());
    expect(opened.connected.connections.list().map((status) => status.transport)).toEqual(["http", "sse"]);
    await exerciseEverything(opened, "web");
    await exerciseEverything(opened, "old");
  });

  test("server-filesystem over stdio: tools the rules allow run, read-only ones included; the rest ask", async () => {
    const folder = newFolder();
    writeFileSync(join(folder.path, "a.txt"), "from the filesystem server\n");
    const { context } = await open([entry("files", stdio(NODE ?? "node", SERVER_FILESYSTEM, folder.path))], folder, ["mcp__files__read_text_file", "mcp__files__list_directory"]);
    expect((await callTool(context, "mcp__files__read_text_file", { path: join(folder.path, "a.txt") })).text).toContain('"content": "from the filesystem server\\n"');
    expect((await callTool(context, "mcp__files__list_directory", { path: folder.path })).text).toContain("[FILE] a.txt");
    const write = await callTool(context, "mcp__files__write_file", { path: join(folder.path, "b.txt"), content: "x" });
    expect(write.stage).toBe("permission");
    expect(write.text).toContain('add "mcp__files__write_file" to permissions.allow');
    // The server calls it read-only, and it still asks: the server's word is not a permission.
    const info = await callTool(context, "mcp__files__get_file_info", { path: join(folder.path, "a.txt") });
    expect(info.stage).toBe("permission");
    expect(info.text).toContain("which says it only reads");
  });
});
