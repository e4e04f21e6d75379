/**
 * The environment part of the system prompt: git's branch and short status read without
 * blocking, a repository's own fsmonitor hook never run, and a folder outside a repository.
 */
import { afterEach, expect, test } from "bun:test";
import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatEnvironment, readEnvironment, readGitState } from "../../../src/query/systemPrompt/environmentInfo.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";

const GIT = Bun.which("git");
const folders: TemporaryFolder[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

function git(cwd: string, ...args: string[]): void {
  const run = Bun.spawnSync([GIT as string, "-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd, stdout: "ignore", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

function repository(): string {
  const folder = createTemporaryFolder("toolshed-environment-");
  folders.push(folder);
  git(folder.path, "init", "-q", "-b", "trunk");
  writeFileSync(join(folder.path, "kept.txt"), "one\n");
  git(folder.path, "add", "kept.txt");
  git(folder.path, "commit", "-q", "-m", "first");
  return folder.path;
}

test.skipIf(GIT === null)("the branch and short status of a repository, also through readEnvironment with the status already under way", async () => {
  const cwd = repository();
  writeFileSync(join(cwd, "kept.txt"), "two\n");
  writeFileSync(join(cwd, "new.txt"), "new\n");
  const state = await readGitState(cwd);
  expect(state).toEqual({ branch: "trunk", status: [" M kept.txt", "?? new.txt"], moreChanges: 0 });

  const environment = await readEnvironment(cwd, [], { now: new Date("2026-12-02T10:00:00Z"), git: Promise.resolve(state) });
  expect(environment.git).toEqual(state);
  expect(formatEnvironment(environment)).toContain("- Git branch: trunk\n- Git status (short):\n     M kept.txt\n    ?? new.txt");
  expect(formatEnvironment(environment)).toContain("- Today's date: 2026-12-02");
});

test.skipIf(GIT === null)("a repository's core.fsmonitor program is not run by the status read", async () => {
  const cwd = repository();
  const marker = join(cwd, "..", `fsmonitor-ran-${process.pid}`);
  const hook = join(cwd, "monitor.sh");
  writeFileSync(hook, `#!/bin/sh\ntouch "${marker}"\nexit 1\n`);
  chmodSync(hook, 0o755);
  git(cwd, "config", "core.fsmonitor", hook);
  const state = await readGitState(cwd);
  expect(state?.branch).toBe("trunk");
  expect(existsSync(marker)).toBe(false);
});

test.skipIf(GIT === null)("outside a repository there is no git state, and the prompt says so", async () => {
  const folder = createTemporaryFolder("toolshed-environment-");
  folders.push(folder);
  const environment = await readEnvironment(folder.path, [], { git: readGitState(folder.path) });
  expect(environment.git).toBeUndefined();
  expect(formatEnvironment(environment)).toContain("not a git repository");
});
