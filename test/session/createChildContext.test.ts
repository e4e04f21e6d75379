/** A child context: its own pool, agent id and abort scope; the parent's services, hooks and app state. */
import { describe, expect, test } from "bun:test";
import { createChildContext } from "../../src/session/createChildContext.ts";
import { fakeTool } from "../helpers/fakeTool.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";
import { callTool, createTestSession } from "../helpers/testSession.ts";

const Alpha = fakeTool({ name: "Alpha", readOnly: true });
const Beta = fakeTool({ name: "Beta", readOnly: true });

describe("createChildContext", () => {
  test("sees only its own tools, under its own agent id, sharing the session's services and state", async () => {
    const folder = createTemporaryFolder();
    const session = await createTestSession({ tools: [Alpha, Beta], cwd: folder.path, interactive: true });
    const parent = session.context;
    const child = createChildContext(parent, { tools: [Beta], agentId: "agent-1" });
    expect(child.options.tools.map((tool) => tool.name)).toEqual(["Beta"]);
    expect(child.options.hiddenTools).toEqual([]);
    expect(child.agentId).toBe("agent-1");
    expect(child.sessionId).toBe(parent.sessionId);
    expect(child.services).toBe(parent.services);
    expect(child.hooks).toBe(parent.hooks);
    expect(child.options.isNonInteractive).toBe(parent.options.isNonInteractive);
    expect((await callTool(child, "Alpha", {})).stage).toBe("lookup");
    expect((await callTool(child, "Beta", { text: "x" })).text).toBe("Beta:x");
    // App state is the session's: a mode set through the child is the parent's too.
    child.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode: "plan" } }));
    expect(parent.getAppState().toolPermissionContext.mode).toBe("plan");
    await session.close();
    folder.remove();
  });

  test("aborting the child leaves the parent running; aborting the parent stops the child", async () => {
    const folder = createTemporaryFolder();
    const session = await createTestSession({ tools: [Alpha], cwd: folder.path });
    const first = createChildContext(session.context, { tools: [Alpha], agentId: "a" });
    first.abortController.abort();
    expect(session.context.abortController.signal.aborted).toBe(false);
    const second = createChildContext(session.context, { tools: [Alpha], agentId: "b" });
    await session.close();
    expect(second.abortController.signal.aborted).toBe(true);
    folder.remove();
  });
});
