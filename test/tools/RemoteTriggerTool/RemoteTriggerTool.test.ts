import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { ToolUseContext } from "../../../src/Tool.ts";
import type { Settings } from "../../../src/settings/settingsSchema.ts";
import { RemoteTriggerTool } from "../../../src/tools/RemoteTriggerTool/RemoteTriggerTool.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

interface Seen {
  method: string;
  path: string;
  body: string;
  authorization: string | null;
}

let server: ReturnType<typeof Bun.serve>;
const seen: Seen[] = [];
let fixture: ToolFixture;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      seen.push({ method: request.method, path: url.pathname, body: await request.text(), authorization: request.headers.get("authorization") });
      if (url.pathname === "/api/triggers/missing") return Response.json({ error: "no such trigger" }, { status: 404 });
      if (url.pathname === "/api/triggers/endless") {
        // An answer that never ends: the tool must read only what it shows.
        const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
        return new Response(new ReadableStream({ pull: (controller) => controller.enqueue(chunk) }));
      }
      if (url.pathname === "/api/triggers") return Response.json(request.method === "GET" ? [{ id: "t1" }] : { id: "t2", created: true });
      return Response.json({ ok: true, path: url.pathname });
    },
  });
});
afterAll(() => server.stop(true));
afterEach(async () => {
  await fixture?.remove();
  seen.length = 0;
  delete process.env.TOOLSHED_TEST_TRIGGER_TOKEN;
});

function withSettings(context: ToolUseContext, settings: Settings): void {
  context.setAppState((state) => ({ ...state, settings }));
}

async function triggerFixture(): Promise<ToolFixture> {
  const created = await createToolFixture({ tools: [RemoteTriggerTool], allow: ["RemoteTrigger"] });
  withSettings(created.context, { remoteTrigger: { url: `http://127.0.0.1:${server.port}/api/` } });
  return created;
}

describe("RemoteTrigger", () => {
  test("an answer without end is read only up to what is shown, then cut", async () => {
    fixture = await triggerFixture();
    const { MAX_RESPONSE_CHARS } = await import("../../../src/tools/RemoteTriggerTool/prompt.ts");
    const endless = await callTool(fixture.context, "RemoteTrigger", { action: "get", trigger_id: "endless" });
    expect(endless.stage).toBe("done");
    expect(endless.text).toContain(`(The answer was cut at ${MAX_RESPONSE_CHARS} characters.)`);
  });

  test("each action calls its method and path on the endpoint from settings", async () => {
    fixture = await triggerFixture();
    const list = await callTool(fixture.context, "RemoteTrigger", { action: "list" });
    expect(list.text).toBe(`list: 200\n${JSON.stringify([{ id: "t1" }], null, 2)}`);
    await callTool(fixture.context, "RemoteTrigger", { action: "get", trigger_id: "t1" });
    const create = await callTool(fixture.context, "RemoteTrigger", { action: "create", body: { name: "nightly", cron: "0 3 * * *" } });
    expect(create.text).toContain('"created": true');
    await callTool(fixture.context, "RemoteTrigger", { action: "update", trigger_id: "t1", body: { enabled: false } });
    await callTool(fixture.context, "RemoteTrigger", { action: "run", trigger_id: "t1" });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      "GET /api/triggers",
      "GET /api/triggers/t1",
      "POST /api/triggers",
      "PATCH /api/triggers/t1",
      "POST /api/triggers/t1/run",
    ]);
    expect(JSON.parse(seen[2]?.body ?? "")).toEqual({ name: "nightly", cron: "0 3 * * *" });
    expect(JSON.parse(seen[3]?.body ?? "")).toEqual({ enabled: false });
    expect(seen[0]?.authorization).toBeNull();
  });

  test("an error status comes back as an error with the status and the body", async () => {
    fixture = await triggerFixture();
    const outcome = await callTool(fixture.context, "RemoteTrigger", { action: "get", trigger_id: "missing" });
    expect(outcome.result.is_error).toBe(true);
    expect(outcome.text).toContain("answered GET /triggers/missing with 404");
    expect(outcome.text).toContain("no such trigger");
  });

  test("without remoteTrigger.url in settings the error says what to set, and nothing is sent", async () => {
    fixture = await createToolFixture({ tools: [RemoteTriggerTool], allow: ["RemoteTrigger"] });
    const outcome = await callTool(fixture.context, "RemoteTrigger", { action: "list" });
    expect(outcome.result.is_error).toBe(true);
    expect(outcome.text).toContain('set "remoteTrigger.url" in .toolshed/settings.json');
    withSettings(fixture.context, { remoteTrigger: { url: "ftp://example.com" } });
    expect((await callTool(fixture.context, "RemoteTrigger", { action: "list" })).text).toContain("must be an http or https address");
    expect(seen).toHaveLength(0);
  });

  test("a bearer token comes from the environment variable the settings name", async () => {
    fixture = await triggerFixture();
    withSettings(fixture.context, { remoteTrigger: { url: `http://127.0.0.1:${server.port}/api`, tokenEnv: "TOOLSHED_TEST_TRIGGER_TOKEN" } });
    const unset = await callTool(fixture.context, "RemoteTrigger", { action: "list" });
    expect(unset.text).toContain("TOOLSHED_TEST_TRIGGER_TOKEN, but that environment variable is not set");
    process.env.TOOLSHED_TEST_TRIGGER_TOKEN = "s3cret";
    await callTool(fixture.context, "RemoteTrigger", { action: "list" });
    expect(seen.at(-1)?.authorization).toBe("Bearer s3cret");
    const before = seen.length;
    withSettings(fixture.context, { remoteTrigger: { url: "http://triggers.example.com/api", tokenEnv: "TOOLSHED_TEST_TRIGGER_TOKEN" } });
    const plain = await callTool(fixture.context, "RemoteTrigger", { action: "list" });
    expect(plain.result.is_error).toBe(true);
    expect(plain.text).toContain("never sent over http except to this machine");
    expect(seen).toHaveLength(before);
  });

  test("missing trigger_id or body is refused before any request", async () => {
    fixture = await triggerFixture();
    expect((await callTool(fixture.context, "RemoteTrigger", { action: "run" })).text).toContain('action "run" needs trigger_id');
    expect((await callTool(fixture.context, "RemoteTrigger", { action: "create" })).text).toContain('action "create" needs body');
    expect((await callTool(fixture.context, "RemoteTrigger", { action: "get", trigger_id: "../etc" })).stage).toBe("validation");
    expect(seen).toHaveLength(0);
  });

  test("an endpoint nobody listens on is reported plainly", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const port = closed.port;
    closed.stop(true);
    fixture = await createToolFixture({ tools: [RemoteTriggerTool], allow: ["RemoteTrigger"] });
    withSettings(fixture.context, { remoteTrigger: { url: `http://127.0.0.1:${port}` } });
    const outcome = await callTool(fixture.context, "RemoteTrigger", { action: "list" });
    expect(outcome.result.is_error).toBe(true);
    expect(outcome.text).toContain(`Could not reach the trigger service at http://127.0.0.1:${port}/triggers`);
  });

  test("reads are allowed inside the session without a rule; run needs one", async () => {
    fixture = await createToolFixture({ tools: [RemoteTriggerTool] });
    withSettings(fixture.context, { remoteTrigger: { url: `http://127.0.0.1:${server.port}/api` } });
    expect((await callTool(fixture.context, "RemoteTrigger", { action: "list" })).stage).toBe("done");
    expect((await callTool(fixture.context, "RemoteTrigger", { action: "run", trigger_id: "t1" })).stage).toBe("permission");
  });
});

describe("RemoteTrigger trigger ids", () => {
  test("an id made of dots cannot climb out of /triggers", async () => {
    fixture = await createToolFixture({ tools: [RemoteTriggerTool], allow: ["RemoteTrigger"] });
    withSettings(fixture.context, { remoteTrigger: { url: `http://127.0.0.1:${server.port}/api` } });
    const outcome = await callTool(fixture.context, "RemoteTrigger", { action: "run", trigger_id: ".." });
    expect(outcome.result.is_error).toBe(true);
    expect(outcome.text).toContain("not starting with a dot");
    expect(seen).toEqual([]);
  });
});
