import { afterEach, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

const MAIN = resolve(import.meta.dir, "..", "..", "src", "main.ts");
const AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"];
// Folder permissions bind only a user who is not root: the run switches to "nobody", which needs
// root, setpriv, and a checkout that user can read (a clone in a private folder is not).
const canSwitchUser = process.getuid?.() === 0 && Bun.which("setpriv") !== null &&
  Bun.spawnSync([...AS_NOBODY, process.execPath, "-e", `require("node:fs").accessSync(${JSON.stringify(MAIN)})`], { stdout: "ignore", stderr: "ignore" }).exitCode === 0;

test.skipIf(!canSwitchUser)("a writable file in a folder this user cannot write: the error names the folder, and the file is unchanged", async () => {
  folder = createTemporaryFolder();
  chmodSync(folder.path, 0o755);
  const sub = join(folder.path, "sub");
  mkdirSync(sub);
  const file = join(sub, "f.txt");
  writeFileSync(file, "hello\n");
  chmodSync(file, 0o666);
  chmodSync(sub, 0o755);
  const home = join(folder.path, "home");
  mkdirSync(home);
  chmodSync(home, 0o777);
  const calls = join(folder.path, "calls.json");
  writeFileSync(calls, JSON.stringify([
    { name: "Read", input: { file_path: file } },
    { name: "Edit", input: { file_path: file, old_string: "hello", new_string: "bye" } },
  ]));
  chmodSync(calls, 0o644);
  const run = Bun.spawn([...AS_NOBODY, "env", `HOME=${home}`, `TOOLSHED_CONFIG_DIR=${join(home, "config")}`,
    process.execPath, MAIN, "run", "--calls", calls, "--permission-mode", "acceptEdits"], { cwd: sub, stdout: "pipe", stderr: "pipe" });
  const [status, out, err] = await Promise.all([run.exited, new Response(run.stdout).text(), new Response(run.stderr).text()]);
  const text = out + err;
  expect(status).toBe(1);
  expect(text).toContain(`its folder ${sub} is not writable by this user`);
  expect(text).not.toContain("Choose a file this user may use");
  expect(readFileSync(file, "utf8")).toBe("hello\n");
});
