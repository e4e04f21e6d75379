/**
 * `mcp serve` over the in-memory pair: the folder's pool with schemas and annotations, calls
 * through the folder's rules (a deny holds, an ask becomes an elicitation, and without
 * elicitation it is refused with the rule to add), progress, cancellation, errors as results.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSession, type Session } from "../../../src/session/createSession.ts";
import { deferred, fakeTool } from "../../helpers/fakeTool.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../../helpers/settingsSandbox.ts";
import { connectServedClient, resultText, type ServedClient } from "./servedClient.ts";

let sandbox: SettingsSandbox;
let session: Session | undefined;
let served: ServedClient | undefined;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-mcp-serve-");
});
afterEach(async () => {
  await served?.close();
  await session?.close();
  served = undefined;
  session = undefined;
  sandbox.restore();
});

/** The folder's own settings, as a person would write them. */
function writeProjectSettings(settings: object): void {
  mkdirSync(join(sandbox.project, ".toolshed"), { recursive: true });
  writeFileSync(join(sandbox.project, ".toolshed", "settings.json"), JSON.stringify(settings));
}

async function open(options: { answer?: (message: string) => { action: "accept" | "decline" | "cancel"; content?: Record<string, string> }; extraTools?: ReturnType<typeof fakeTool>[]; progressIntervalMs?: number } = {}): Promise<ServedClient> {
  session = await createSession({
    cwd: sandbox.project,
    sessionDirectory: join(sandbox.root.path, "session"),
    isNonInteractive: true,
    tools: options.extraTools === undefined ? undefined : (pool) => [...pool, ...(options.extraTools ?? [])],
  });
  served = await connectServedClient(session, options.answer, { progressIntervalMs: options.progressIntervalMs });
  return served;
}

describe("toolshed mcp serve", () => {
  test("lists the pool with JSON Schemas and conservative annotations; whole-tool denies remove tools", async () => {
    writeProjectSettings({ permissions: { deny: ["NotebookEdit"] } });
    const { client } = await open();
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain("Read");
    expect(names).toContain("Bash");
    expect(names).not.toContain("NotebookEdit");
    const read = tools.find((tool) => tool.name === "Read");
    expect(read?.inputSchema).toMatchObject({ type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"], additionalProperties: false });
    expect(read?.annotations).toEqual({ title: "Read", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(tools.find((tool) => tool.name === "Bash")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    expect(tools.find((tool) => tool.name === "Write")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(read?.description?.length).toBeGreaterThan(50);
    expect(client.getInstructions()).toContain(sandbox.project);
  });

  test("an allowed call runs; a deny rule in the folder's settings holds against a client's call", async () => {
    writeFileSync(join(sandbox.project, "notes.txt"), "hello\n");
    writeProjectSettings({ permissions: { deny: ["Bash(rm *)"] } });
    const { client } = await open({ answer: () => ({ action: "accept", content: { decision: "allow once" } }) });
    const read = await client.callTool({ name: "Read", arguments: { file_path: join(sandbox.project, "notes.txt") } });
    expect(read.isError).toBeUndefined();
    expect(resultText(read)).toContain("hello");
    const removal = await client.callTool({ name: "Bash", arguments: { command: "rm notes.txt" } });
    expect(removal.isError).toBe(true);
    expect(resultText(removal)).toContain("Bash(rm *) denies rm notes.txt");
    expect(served?.questions).toEqual([]);
    expect(existsSync(join(sandbox.project, "notes.txt"))).toBe(true);
  });

  test("a call that would ask becomes an elicitation: allow once runs it, deny refuses it", async () => {
    const answers = ["allow once", "deny"];
    const { client, questions } = await open({ answer: () => ({ action: "accept", content: { decision: answers.shift() ?? "deny" } }) });
    const target = join(sandbox.project, "made.txt");
    const allowed = await client.callTool({ name: "Write", arguments: { file_path: target, content: "made by the client\n" } });
    expect(allowed.isError).toBeUndefined();
    expect(readFileSync(target, "utf8")).toBe("made by the client\n");
    expect(questions[0]).toContain("toolshed asks before running Write");
    expect(questions[0]).toContain(`"file_path":"${target}"`);
    const refused = await client.callTool({ name: "Write", arguments: { file_path: join(sandbox.project, "other.txt"), content: "x" } });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toContain("the user said no");
    expect(existsSync(join(sandbox.project, "other.txt"))).toBe(false);
    expect(questions.length).toBe(2);
  });

  test("declining or cancelling the elicitation refuses the call", async () => {
    const { client } = await open({ answer: () => ({ action: "decline" }) });
    const result = await client.callTool({ name: "Write", arguments: { file_path: join(sandbox.project, "x.txt"), content: "x" } });
    expect(result.isError).toBe(true);
    expect(existsSync(join(sandbox.project, "x.txt"))).toBe(false);
  });

  test("without elicitation support an ask is refused with the rule to add", async () => {
    const { client } = await open();
    const result = await client.callTool({ name: "Write", arguments: { file_path: join(sandbox.project, "x.txt"), content: "x" } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain("Nobody was there to approve it; to allow it, add");
    expect(resultText(result)).toContain('add "Edit(./x.txt)" to permissions.allow in');
    expect(existsSync(join(sandbox.project, "x.txt"))).toBe(false);
  });

  test("errors are isError results: an unknown tool, bad input, a tool that throws", async () => {
    const thrower = fakeTool({ name: "Thrower", readOnly: true, call: async () => { throw new Error("kaput"); } });
    const { client } = await open({ extraTools: [thrower] });
    const unknown = await client.callTool({ name: "Nope", arguments: {} });
    expect([unknown.isError, resultText(unknown)]).toEqual([true, expect.stringContaining('no tool named "Nope"')]);
    const bad = await client.callTool({ name: "Read", arguments: { file_path: 5 } });
    expect(bad.isError).toBe(true);
    expect(resultText(bad)).toContain("file_path");
    const thrown = await client.callTool({ name: "Thrower", arguments: {} });
    expect([thrown.isError, resultText(thrown)]).toEqual([true, "Error: kaput"]);
  });

  test("progress goes to a client that sent a progress token; cancelling the request aborts the call", async () => {
    const started = deferred<void>();
    const aborted = deferred<void>();
    const slow = fakeTool({
      name: "Slow",
      readOnly: true,
      call: async (_input, { signal, onProgress }) => {
        onProgress("step one");
        started.resolve();
        await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
        aborted.resolve();
        return { data: "stopped" };
      },
    });
    const { client } = await open({ extraTools: [slow] });
    const progress: string[] = [];
    const controller = new AbortController();
    const call = client.callTool({ name: "Slow", arguments: {} }, undefined, { signal: controller.signal, onprogress: (event) => progress.push(event.message ?? "") });
    await started.promise;
    controller.abort("the person stopped it");
    await expect(call).rejects.toThrow();
    await aborted.promise;
    expect(progress).toEqual(["step one"]);
  });

  test("a long call says it is still running now and then", async () => {
    const release = deferred<void>();
    const waits = fakeTool({ name: "Waits", readOnly: true, call: async () => { await release.promise; return { data: "done" }; } });
    const { client } = await open({ extraTools: [waits], progressIntervalMs: 20 });
    const heard = deferred<string>();
    const call = client.callTool({ name: "Waits", arguments: {} }, undefined, { onprogress: (event) => heard.resolve(event.message ?? "") });
    expect(await heard.promise).toMatch(/^still running \(\d+ s\)$/);
    release.resolve();
    expect(resultText(await call)).toBe("done");
  });
});
