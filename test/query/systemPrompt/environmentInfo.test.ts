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

/** A program that leaves a marker when it runs. */
function markerProgram(cwd: string, name: string): { program: string; marker: string } {
  const marker = join(cwd, "..", `${name}-ran-${process.pid}`);
  const program = join(cwd, `${name}.sh`);
  writeFileSync(program, `#!/bin/sh\ntouch "${marker}"\ncat\n`);
  chmodSync(program, 0o755);
  return { program, marker };
}

test.skipIf(GIT === null)("nothing the repository chose runs: core.fsmonitor, a clean filter, a post-index-change hook; the status is left out", async () => {
  const monitored = repository();
  const monitor = markerProgram(monitored, "monitor");
  git(monitored, "config", "core.fsmonitor", monitor.program);
  expect(await readGitState(monitored)).toBeUndefined();
  expect(existsSync(monitor.marker)).toBe(false);

  const filtered = repository();
  const filter = markerProgram(filtered, "filter");
  writeFileSync(join(filtered, ".git", "info", "attributes"), "* filter=x\n");
  git(filtered, "config", "filter.x.clean", filter.program);
  writeFileSync(join(filtered, "kept.txt"), "changed\n");
  expect(await readGitState(filtered)).toBeUndefined();
  expect(existsSync(filter.marker)).toBe(false);

  const hooked = repository();
  const hook = markerProgram(hooked, "hook");
  writeFileSync(join(hooked, ".git", "hooks", "post-index-change"), `#!/bin/sh\nexec "${hook.program}"\n`);
  chmodSync(join(hooked, ".git", "hooks", "post-index-change"), 0o755);
  expect(await readGitState(hooked)).toBeUndefined();
  expect(existsSync(hook.marker)).toBe(false);
});

/** Runs `body` with a fake git first on PATH. */
async function withFakeGit<T>(script: string, body: () => Promise<T>): Promise<T> {
  const folder = createTemporaryFolder("toolshed-fake-git-");
  folders.push(folder);
  writeFileSync(join(folder.path, "git"), script);
  chmodSync(join(folder.path, "git"), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${folder.path}:${path ?? ""}`;
  try {
    return await body();
  } finally {
    process.env.PATH = path;
  }
}

test("a git that leaves a child holding its output open is given up on at the timeout, not when the child ends", async () => {
  const folder = createTemporaryFolder("toolshed-environment-");
  folders.push(folder);
  const started = performance.now();
  const state = await withFakeGit("#!/bin/sh\nsleep 30 &\necho '## main'\nsleep 30\n", () => readGitState(folder.path));
  expect(performance.now() - started).toBeLessThan(10_000);
  expect(state).toBeUndefined();
});

test("a status longer than the cap, in names of several bytes a character, is cut and still read", async () => {
  const folder = createTemporaryFolder("toolshed-environment-");
  folders.push(folder);
  const state = await withFakeGit("#!/bin/sh\necho '## main'\ni=0\nwhile [ $i -lt 20000 ]; do echo \"?? 日本語ファイル$i.txt\"; i=$((i+1)); done\n", () => readGitState(folder.path));
  expect(state?.branch).toBe("main");
  expect(state?.status.length).toBe(40);
  expect(state?.status[0]).toBe("?? 日本語ファイル0.txt");
  expect(state?.moreChanges).toBeGreaterThan(1000);
});

test.skipIf(GIT === null)("outside a repository there is no git state, and the prompt says so", async () => {
  const folder = createTemporaryFolder("toolshed-environment-");
  folders.push(folder);
  const environment = await readEnvironment(folder.path, [], { git: readGitState(folder.path) });
  expect(environment.git).toBeUndefined();
  expect(formatEnvironment(environment)).toContain("not a git repository");
});
