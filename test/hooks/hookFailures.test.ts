/** Hooks that fail, crash, time out or print bad JSON: a warning naming the hook, and never an allow. */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Bash } from "../permissions/harness.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { answerScript, decideWithHooks, hook, writeHookScript } from "./hookHelpers.ts";

let folder: TemporaryFolder;

beforeEach(() => {
  folder = createTemporaryFolder("toolshed-hook-failures-");
});
afterEach(() => folder.remove());

const touch = { command: "touch made.txt" };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until `pid` is gone or the deadline passes (a killed process may take a moment to be reaped). */
async function gone(pid: number, deadlineMs = 5000): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await Bun.sleep(20);
  }
  return true;
}

test("a hook that outlives its timeout is stopped with everything it started, with a warning", async () => {
  const pids = join(folder.path, "pids");
  const command = writeHookScript(folder.path, "slow.sh", `${answerScript("allow", "too late")}\nsleep 30 &\necho "$$ $!" > ${JSON.stringify(pids)}\nwait`);
  const { decision, warnings } = await decideWithHooks({ tool: Bash, input: touch, cwd: folder.path, hooks: [hook(command, "Bash", 1)] });
  expect(decision.decision).toBe("ask");
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain(command);
  expect(warnings[0]).toContain("did not finish within 1 s");
  expect(decision.warnings).toEqual(warnings);
  const [shell, sleeper] = readFileSync(pids, "utf8").trim().split(" ").map(Number);
  expect(await gone(shell as number)).toBe(true);
  expect(await gone(sleeper as number)).toBe(true);
});

test("a hook that prints allow and then exits 1 does not allow", async () => {
  const command = writeHookScript(folder.path, "crash.sh", `${answerScript("allow", "yes")}\necho "boom" >&2\nexit 1`);
  const { decision, warnings } = await decideWithHooks({ tool: Bash, input: touch, cwd: folder.path, hooks: [hook(command)] });
  expect(decision.decision).toBe("ask");
  expect(warnings[0]).toContain("failed with exit code 1: boom");
});

test("a hook killed by a signal is a warning, not an allow", async () => {
  // Run as the shell's own command, so the signal ends the process toolshed started.
  const command = `echo '{"decision": "approve"}'; kill -9 $$`;
  const { decision, warnings } = await decideWithHooks({ tool: Bash, input: touch, cwd: folder.path, hooks: [hook(command)] });
  expect(decision.decision).toBe("ask");
  expect(warnings[0]).toContain("SIGKILL");
});

test("bad JSON and JSON of the wrong shape are warnings, not allows", async () => {
  const broken = writeHookScript(folder.path, "broken.sh", `echo '{"hookSpecificOutput": {"permissionDecision": "allow"'`);
  const wrong = writeHookScript(folder.path, "wrong.sh", `echo '{"hookSpecificOutput": {"permissionDecision": "yes please"}}'`);
  for (const command of [broken, wrong]) {
    const { decision, warnings } = await decideWithHooks({ tool: Bash, input: touch, cwd: folder.path, hooks: [hook(command)] });
    expect(decision.decision).toBe("ask");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(command);
    expect(warnings[0]).toContain("JSON");
  }
});

test("a hook that cannot start is a warning (its folder is gone)", async () => {
  const { decision, warnings } = await decideWithHooks({ tool: Bash, input: touch, cwd: join(folder.path, "missing"), hooks: [hook("exit 0")] });
  expect(decision.decision).not.toBe("allow");
  expect(warnings[0]).toContain("could not be started");
});

test("while one matching hook failed, another hook's allow is not used; its deny still is", async () => {
  const failing = hook(writeHookScript(folder.path, "fail.sh", "exit 7"));
  const allowing = hook(writeHookScript(folder.path, "allow.sh", answerScript("allow", "yes")));
  const denying = hook(writeHookScript(folder.path, "deny.sh", "echo stop >&2; exit 2"));
  const allowed = await decideWithHooks({ tool: Bash, input: touch, cwd: folder.path, hooks: [failing, allowing] });
  expect(allowed.decision.decision).toBe("ask");
  expect(allowed.warnings.join("\n")).toContain(`the allow from the PreToolUse hook "${allowing.command}"`);
  const denied = await decideWithHooks({ tool: Bash, input: touch, cwd: folder.path, hooks: [failing, denying] });
  expect(denied.decision.decision).toBe("deny");
  expect(denied.decision.reason).toContain("stop");
});
