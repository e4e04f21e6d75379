/**
 * A `cd` carries over to the session's next shell command, and the engine judges that command
 * from where it will really start: a deny rule on a file holds after `cd` into its folder, and a
 * repository's git settings are those of the folder the shell is in (each was allow before: the
 * engine judged from the session's first folder).
 */
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BashTool } from "../../src/tools/BashTool/BashTool.ts";
import { callTool, createTestContext } from "../helpers/testSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { rulesFrom } from "./harness.ts";

const folders: TemporaryFolder[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

function project(): string {
  const folder = createTemporaryFolder("toolshed-carry-over-");
  folders.push(folder);
  const root = join(folder.path, "project");
  mkdirSync(join(root, "secrets"), { recursive: true });
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "secrets", "key"), "TOPSECRET\n");
  writeFileSync(join(root, "src", "a.ts"), "export const a = 1;\n");
  return root;
}

test("a deny rule on a file holds for a relative read after an earlier call's cd into its folder", async () => {
  const cwd = project();
  const context = await createTestContext({ tools: [BashTool], cwd, rules: rulesFrom({ deny: ["Read(secrets/key)"] }, cwd) });
  expect((await callTool(context, "Bash", { command: "cd secrets" })).permission?.decision).toBe("allow");
  expect(context.services.shell.cwd).toBe(join(cwd, "secrets"));
  const read = await callTool(context, "Bash", { command: "cat key" });
  expect(read.permission?.decision).toBe("deny");
  expect(read.permission?.reason).toContain("Read(secrets/key) denies cat key");
  expect(read.text).not.toContain("TOPSECRET");
});

test("after a cd, a read inside the working folders still runs, judged from the new folder", async () => {
  const cwd = project();
  const context = await createTestContext({ tools: [BashTool], cwd, rules: rulesFrom({ deny: ["Read(secrets/key)"] }, cwd) });
  await callTool(context, "Bash", { command: "cd src" });
  const read = await callTool(context, "Bash", { command: "cat a.ts && cat ../src/a.ts" });
  expect(read.permission?.decision).toBe("allow");
  expect(read.text).toContain("export const a = 1;");
});

test.skipIf(Bun.which("git") === null)("git's repository settings are read where the shell is, after an earlier cd", async () => {
  const cwd = project();
  const evil = join(cwd, "vendor");
  mkdirSync(evil);
  const init = Bun.spawnSync(["git", "init", "-q"], { cwd: evil });
  expect(init.exitCode).toBe(0);
  const marker = join(cwd, "..", "monitor-ran");
  writeFileSync(join(evil, ".git", "config"), `[core]\n\tfsmonitor = touch ${marker}\n`);
  const context = await createTestContext({ tools: [BashTool], cwd });
  await callTool(context, "Bash", { command: "cd vendor" });
  const status = await callTool(context, "Bash", { command: "git status" });
  expect(status.permission?.decision).not.toBe("allow");
  expect(status.permission?.reason).toContain("core.fsmonitor");
  expect(existsSync(marker)).toBe(false);
});

test("cd link/../x: where bash goes when the written folder does not exist (beside the link's target) is judged too", async () => {
  const cwd = project();
  mkdirSync(join(cwd, "secrets", "inner"));
  mkdirSync(join(cwd, "secrets", "sub"));
  writeFileSync(join(cwd, "secrets", "sub", "key"), "SUBSECRET\n");
  symlinkSync(join(cwd, "secrets", "inner"), join(cwd, "l"));
  const context = await createTestContext({ tools: [BashTool], cwd, rules: rulesFrom({ deny: ["Read(secrets/sub/key)"] }, cwd) });
  const read = await callTool(context, "Bash", { command: "cd l/../sub && cat key" });
  expect(read.permission?.decision).toBe("deny");
  expect(read.text).not.toContain("SUBSECRET");
  // Where the text leads exists: bash goes there, and that is judged.
  const plain = await callTool(context, "Bash", { command: "cd l/../src && cat a.ts" });
  expect(plain.permission?.decision).toBe("allow");
  expect(plain.text).toContain("export const a = 1;");
});
