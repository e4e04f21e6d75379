/**
 * A repository whose .git is a file naming its git folder elsewhere (`git init --separate-git-dir`):
 * that folder's hooks and config are protected as `.git/` is, however the path is written.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Bash, decideFor, Write } from "./harness.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let root: TemporaryFolder;
let project: string;

beforeAll(() => {
  root = createTemporaryFolder("toolshed-gitdir-");
  project = join(root.path, "project");
  // The git folder inside the project under a name nothing protects, as `git init --separate-git-dir=gd` makes it.
  for (const folder of [join(project, "gd", "hooks"), join(project, "src", "deep")]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(project, ".git"), "gitdir: gd\n");
  writeFileSync(join(project, "gd", "HEAD"), "ref: refs/heads/main\n");
});
afterAll(() => root.remove());

describe("a git folder a .git file names", () => {
  test("a write to its hooks is asked in acceptEdits and on an allow rule; bypassPermissions may", async () => {
    const input = { file_path: join(project, "gd", "hooks", "pre-commit"), content: "#!/bin/sh\n" };
    const asked = await decideFor({ tool: Write, input, mode: "acceptEdits", cwd: project });
    expect(asked.decision).toBe("ask");
    expect(asked.reason).toContain(`inside the repository's git folder (${join(project, "gd")}, which its .git file names)`);
    expect((await decideFor({ tool: Write, input, rules: { allow: ["Edit(/gd/**)"] }, cwd: project })).decision).toBe("ask");
    expect((await decideFor({ tool: Write, input, mode: "bypassPermissions", cwd: project })).decision).toBe("allow");
  });

  test("also from a folder below the repository's root (the root a working folder too), and through a shell redirect", async () => {
    const below = join(project, "src", "deep");
    const options = { mode: "acceptEdits" as const, cwd: below, additionalDirectories: [project] };
    expect((await decideFor({ tool: Write, input: { file_path: join(project, "gd", "config"), content: "" }, ...options })).decision).toBe("ask");
    expect((await decideFor({ tool: Bash, input: { command: "echo evil > ../../gd/hooks/post-checkout" }, ...options })).decision).toBe("ask");
    expect((await decideFor({ tool: Write, input: { file_path: join(project, "src", "b.ts"), content: "" }, ...options })).decision).toBe("allow");
  });

  test("other files of the project are written as before", async () => {
    expect((await decideFor({ tool: Write, input: { file_path: join(project, "src", "a.ts"), content: "" }, mode: "acceptEdits", cwd: project })).decision).toBe("allow");
    expect((await decideFor({ tool: Write, input: { file_path: join(project, "gd-notes.txt"), content: "" }, mode: "acceptEdits", cwd: project })).decision).toBe("allow");
  });
});
