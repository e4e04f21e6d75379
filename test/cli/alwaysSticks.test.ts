/**
 * "Always" at the terminal, through a real pseudo-terminal (util-linux `script`): the person
 * declines to trust the folder, answers "always" to the question, and the same call in a new,
 * non-interactive run is allowed. The answer lives in the user config folder, keyed by the
 * project folder; the folder stays untrusted and the project's own files are left alone.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

const MAIN = resolve(import.meta.dir, "../../src/main.ts");
const hasScript = Bun.which("script") !== null;

let root: TemporaryFolder;
let project: string;
let env: Record<string, string>;
beforeEach(() => {
  root = createTemporaryFolder("toolshed-always-");
  project = join(root.path, "project");
  mkdirSync(join(project, ".toolshed"), { recursive: true });
  // A repository's own allow rule: the folder is not trusted, so it is skipped (and trust is asked first).
  writeFileSync(join(project, ".toolshed", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(curl *)"] } }));
  env = {
    ...Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    TOOLSHED_CONFIG_DIR: join(root.path, "config"),
    TOOLSHED_MANAGED_SETTINGS: join(root.path, "managed.json"),
    TOOLSHED_SESSION_DIR: join(root.path, "session"),
  };
});
afterEach(() => root.remove());

const command = JSON.stringify({ command: "touch made.txt" });

/** Runs toolshed at a terminal: `script` gives it a pseudo-terminal and types `typed` into it. */
async function atTerminal(typed: string): Promise<{ code: number; output: string }> {
  const line = [process.execPath, MAIN, "run", "Bash", command].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(" ");
  const child = Bun.spawn(["script", "-qec", line, "/dev/null"], { cwd: project, env, stdin: new TextEncoder().encode(typed), stdout: "pipe", stderr: "pipe", timeout: 20_000 });
  const [output, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  return { code, output };
}

test.skipIf(!hasScript)("answering always at the terminal makes the next non-interactive run allow the same call", async () => {
  const first = await atTerminal("n\na\n");
  expect(first.output).toContain("Trust this folder and apply them?");
  expect(first.output).toContain("Bash wants to run:");
  expect(first.output).toContain("Allow? [y]es / [n]o / [a]lways:");
  expect({ code: first.code, output: first.output }).toEqual({ code: 0, output: expect.any(String) });
  expect(existsSync(join(project, "made.txt"))).toBe(true);

  const again = Bun.spawnSync([process.execPath, MAIN, "run", "Bash", command], { cwd: project, env, stdin: "ignore" });
  expect({ code: again.exitCode, stderr: again.stderr.toString().replace(/toolshed: this folder is not trusted[\s\S]*?Run "toolshed trust"[^\n]*\n/, "") })
    .toEqual({ code: 0, stderr: "" });

  // The folder is still not trusted, the repository's files are untouched, the answer is the person's.
  expect(existsSync(join(root.path, "config", "trusted-folders.json"))).toBe(false);
  expect(existsSync(join(project, ".toolshed", "settings.local.json"))).toBe(false);
  const listed = JSON.parse(Bun.spawnSync([process.execPath, MAIN, "permissions", "list", "--json"], { cwd: project, env, stdin: "ignore" }).stdout.toString());
  expect(listed.trusted).toBe(false);
  const saved = listed.rules.find((rule: { source: string }) => rule.source === "savedAnswers");
  expect(saved).toMatchObject({ behavior: "allow", rule: "Bash(touch made.txt)" });
  expect(readFileSync(listed.sources.find((source: { source: string }) => source.source === "savedAnswers").where, "utf8")).toContain(project);
  // A different call is still refused without a person.
  const other = Bun.spawnSync([process.execPath, MAIN, "run", "Bash", JSON.stringify({ command: "touch other.txt" })], { cwd: project, env, stdin: "ignore" });
  expect(other.exitCode).toBe(1);
});
