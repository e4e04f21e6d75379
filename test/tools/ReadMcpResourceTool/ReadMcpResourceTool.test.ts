/** ReadMcpResource: text comes back; binary content is saved to a file in the session folder. */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { ReadMcpResourceTool } from "../../../src/tools/ReadMcpResourceTool/ReadMcpResourceTool.ts";
import { createResourceSession, PNG_BYTES } from "../../mcp/helpers/resourceSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool } from "../../helpers/testSession.ts";

let folder: TemporaryFolder;
afterEach(() => folder?.remove());

describe("ReadMcpResource", () => {
  test("text content as text; binary content saved to a file, never overwriting an earlier one", async () => {
    folder = createTemporaryFolder("toolshed-read-resource-");
    const session = await createResourceSession(folder.path);
    expect((await callTool(session.context, "ReadMcpResource", { server: "docs", uri: "file:///guide.md" })).text).toBe("[file:///guide.md (text/markdown)]\n# Guide\nStart here.");
    const first = await callTool(session.context, "ReadMcpResource", { server: "docs", uri: "file:///logo.png" });
    const second = await callTool(session.context, "ReadMcpResource", { server: "docs", uri: "file:///logo.png" });
    const path = `${folder.path}/.session/mcp-resources/logo.png`;
    expect(first.text).toBe(`[file:///logo.png] is binary data (image/png, 7 bytes); it was saved to ${path}`);
    expect(second.text).toContain(`${folder.path}/.session/mcp-resources/logo-2.png`);
    expect(readFileSync(path)).toEqual(PNG_BYTES);
    await session.close();
  });

  test("errors: unknown server, server without resources, missing uri", async () => {
    folder = createTemporaryFolder("toolshed-read-resource-");
    const session = await createResourceSession(folder.path);
    expect((await callTool(session.context, "ReadMcpResource", { server: "nope", uri: "x" })).text).toContain('There is no MCP server named "nope". The configured servers are: docs, bare.');
    expect((await callTool(session.context, "ReadMcpResource", { server: "bare", uri: "x" })).text).toContain('The MCP server "bare" offers no resources');
    expect((await callTool(session.context, "ReadMcpResource", { server: "docs" })).stage).toBe("validation");
    await session.close();
  });

  test("read-only and concurrency-safe; a deny rule naming the server holds", async () => {
    folder = createTemporaryFolder("toolshed-read-resource-");
    expect([ReadMcpResourceTool.isReadOnly({ server: "a", uri: "b" }), ReadMcpResourceTool.isConcurrencySafe({ server: "a", uri: "b" })]).toEqual([true, true]);
    const session = await createResourceSession(folder.path, { permissions: { deny: ["ReadMcpResource(docs)"] } });
    expect((await callTool(session.context, "ReadMcpResource", { server: "docs", uri: "file:///guide.md" })).stage).toBe("permission");
    await session.close();
  });

  test("rules on the whole server cover its resources: a deny holds in every mode, an ask asks; a rule on one of its tools does not", async () => {
    folder = createTemporaryFolder("toolshed-read-resource-");
    const read = { server: "docs", uri: "file:///guide.md" };
    for (const rule of ["mcp__docs", "mcp__docs__*", "mcp__*"]) {
      const denied = await createResourceSession(folder.path, { permissions: { deny: [rule], defaultMode: "bypassPermissions" } });
      expect(denied.context.getAppState().toolPermissionContext.mode).toBe("bypassPermissions");
      const outcome = await callTool(denied.context, "ReadMcpResource", read);
      expect([outcome.stage, outcome.text]).toEqual(["permission", expect.stringContaining(`${rule} denies`)]);
      // A listing of every server leaves the denied one out without asking it.
      expect((await callTool(denied.context, "ListMcpResources", {})).text).not.toContain("file:///guide.md");
      expect((await callTool(denied.context, "ListMcpResources", { server: "docs" })).stage).toBe("permission");
      await denied.close();
    }
    const asking = await createResourceSession(folder.path, { permissions: { ask: ["mcp__docs"] } });
    expect((await callTool(asking.context, "ReadMcpResource", read)).text).toContain("mcp__docs asks before");
    // A listing of every server leaves out one a rule asks or denies before, and says so.
    const listed = (await callTool(asking.context, "ListMcpResources", {})).text;
    expect(listed).not.toContain("file:///guide.md");
    expect(listed).toContain('Left out: "docs", since a permission rule denies or asks before listing it');
    await asking.close();
    const namedDeny = await createResourceSession(folder.path, { permissions: { deny: ["ListMcpResources(docs)"] } });
    expect((await callTool(namedDeny.context, "ListMcpResources", {})).text).toContain('Left out: "docs"');
    await namedDeny.close();
    const oneTool = await createResourceSession(folder.path, { permissions: { deny: ["mcp__docs__search"] } });
    expect((await callTool(oneTool.context, "ReadMcpResource", read)).text).toContain("# Guide");
    await oneTool.close();
  });
});
