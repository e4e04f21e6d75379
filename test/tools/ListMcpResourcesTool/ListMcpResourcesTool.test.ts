/** ListMcpResources: every server's resources or one server's, through the session's MCP service. */
import { afterEach, describe, expect, test } from "bun:test";
import { createSession } from "../../../src/session/createSession.ts";
import { ListMcpResourcesTool } from "../../../src/tools/ListMcpResourcesTool/ListMcpResourcesTool.ts";
import { createResourceSession } from "../../mcp/helpers/resourceSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool } from "../../helpers/testSession.ts";

let folder: TemporaryFolder;
afterEach(() => folder?.remove());

describe("ListMcpResources", () => {
  test("lists every connected server's resources, or one server's", async () => {
    folder = createTemporaryFolder("toolshed-list-resources-");
    const session = await createResourceSession(folder.path);
    const all = await callTool(session.context, "ListMcpResources", {});
    expect(all.text).toBe('2 resources:\n- server "docs", uri file:///guide.md: The guide (text/markdown): How to start\n- server "docs", uri file:///logo.png: logo (image/png)');
    expect((await callTool(session.context, "ListMcpResources", { server: "docs" })).text).toStartWith("2 resources:");
    await session.close();
  });

  test("errors: an unknown server (naming the servers), a server without resources, no servers at all", async () => {
    folder = createTemporaryFolder("toolshed-list-resources-");
    const session = await createResourceSession(folder.path);
    expect((await callTool(session.context, "ListMcpResources", { server: "nope" })).text).toBe('Error: There is no MCP server named "nope". The configured servers are: docs, bare.');
    expect((await callTool(session.context, "ListMcpResources", { server: "bare" })).text).toBe('Error: The MCP server "bare" offers no resources (it does not support resources/list or resources/read).');
    await session.close();
    const empty = await createSession({ cwd: folder.path, settings: {}, tools: [ListMcpResourcesTool], sessionDirectory: `${folder.path}/.s`, isNonInteractive: true });
    expect((await callTool(empty.context, "ListMcpResources", {})).text).toBe("Error: No MCP server is configured in this session, so there are no MCP resources.");
    await empty.close();
  });

  test("read-only and concurrency-safe: allowed without a rule; a deny rule for the server holds", async () => {
    folder = createTemporaryFolder("toolshed-list-resources-");
    expect([ListMcpResourcesTool.isReadOnly({}), ListMcpResourcesTool.isConcurrencySafe({})]).toEqual([true, true]);
    const session = await createResourceSession(folder.path, { permissions: { deny: ["ListMcpResources(docs)"] } });
    const denied = await callTool(session.context, "ListMcpResources", { server: "docs" });
    expect(denied.stage).toBe("permission");
    expect(denied.text).toContain("ListMcpResources(docs) denies");
    await session.close();
  });
});
