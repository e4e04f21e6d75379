/** `toolshed completion`: the scripts, run in the real shells, offer the commands, options and words the help documents. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as help from "../../src/cli/help.ts";
import { completionSpec, listedCommands, optionsOf } from "../../src/cli/completion/completionSpec.ts";
import { MAIN } from "../helpers/printRun.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
const script = (shell: string) => join(folder.path, `toolshed.${shell}`);

beforeAll(() => {
  folder = createTemporaryFolder("toolshed-completion-");
  for (const shell of ["bash", "zsh", "fish"]) {
    const ran = Bun.spawnSync([process.execPath, MAIN, "completion", shell], { stdout: "pipe", stderr: "pipe" });
    expect(ran.exitCode).toBe(0);
    writeFileSync(script(shell), ran.stdout);
  }
});
afterAll(() => folder.remove());

/** What bash's completion function offers for the words typed so far (the last one being completed). */
function bashOffers(...words: string[]): string[] {
  const quoted = words.map((word) => `'${word}'`).join(" ");
  const ran = Bun.spawnSync(["bash", "-c", `source '${script("bash")}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _toolshed; printf '%s\\n' "\${COMPREPLY[@]}"`], { stdout: "pipe", stderr: "pipe" });
  expect(ran.stderr.toString()).toBe("");
  return ran.stdout.toString().split("\n").filter((line) => line !== "");
}

describe("the completion spec", () => {
  test("every command of the main help is listed, and toolshed accepts each", () => {
    const names = listedCommands(help.MAIN_HELP).map((command) => command.name);
    expect(names).toEqual(expect.arrayContaining(["tools", "run", "permissions", "trust", "sessions", "update", "doctor", "completion", "mcp", "help"]));
    for (const name of names.filter((name) => name !== "help")) {
      const ran = Bun.spawnSync([process.execPath, MAIN, "help", name], { stdout: "pipe" });
      expect({ name, status: ran.exitCode }).toEqual({ name, status: 0 });
    }
  });

  test("options come from the help texts", () => {
    expect(optionsOf(help.UPDATE_HELP)).toEqual(["--check", "--force", "--from", "--help", "-h"]);
    const spec = completionSpec(["Read", "Bash"]);
    expect(spec.printOptions).toEqual(expect.arrayContaining(["--output-format", "--max-turns", "--resume", "--mcp-config", "--allowedTools"]));
    expect(spec.commands.find((command) => command.name === "run")?.words).toEqual(["Read", "Bash"]);
  });

  test("an unknown shell is a usage error naming the shells", () => {
    const ran = Bun.spawnSync([process.execPath, MAIN, "completion", "tcsh"], { stdout: "pipe", stderr: "pipe" });
    expect(ran.exitCode).toBe(2);
    expect(ran.stderr.toString()).toContain('"toolshed completion" takes one shell: bash, zsh, fish (got tcsh)');
  });
});

describe("bash", () => {
  test("commands, their options, subcommands, tool names, and the agent's options", () => {
    expect(bashOffers("toolshed", "")).toEqual(listedCommands(help.MAIN_HELP).map((command) => command.name));
    expect(bashOffers("toolshed", "up")).toEqual(["update"]);
    expect(bashOffers("toolshed", "update", "--")).toEqual(["--check", "--force", "--from", "--help"]);
    expect(bashOffers("toolshed", "mcp", "")).toEqual(["list", "get", "add", "remove", "serve"]);
    expect(bashOffers("toolshed", "run", "Gl")).toEqual(["Glob"]);
    expect(bashOffers("toolshed", "-p", "hi", "--output-f")).toEqual(["--output-format"]);
    expect(bashOffers("toolshed", "--vers")).toEqual(["--version"]);
    expect(bashOffers("toolshed", "completion", "")).toEqual(["bash", "zsh", "fish"]);
  });
});

describe.skipIf(Bun.which("fish") === null)("fish", () => {
  test("fish itself completes commands, subcommands and options with the script loaded", () => {
    const complete = (line: string) => {
      const ran = Bun.spawnSync(["fish", "--no-config", "-c", `source '${script("fish")}'; complete -C '${line}'`], { stdout: "pipe", stderr: "pipe" });
      expect(ran.stderr.toString()).toBe("");
      return ran.stdout.toString().split("\n").filter((entry) => entry !== "").map((entry) => entry.split("\t")[0]);
    };
    expect(complete("toolshed up")).toEqual(["update"]);
    expect(complete("toolshed mcp ")).toEqual(["add", "get", "list", "remove", "serve"]);
    expect(complete("toolshed update --")).toEqual(["--check", "--force", "--from", "--help"]);
  });
});

describe.skipIf(Bun.which("zsh") === null)("zsh", () => {
  test("the script parses and registers toolshed's completion", () => {
    expect(Bun.spawnSync(["zsh", "-n", script("zsh")]).exitCode).toBe(0);
    const ran = Bun.spawnSync(["zsh", "-f", "-c", `source '${script("zsh")}'; print -r -- \${_comps[toolshed]}`], { stdout: "pipe", stderr: "pipe", env: { ...process.env, HOME: folder.path } });
    expect(ran.stdout.toString().trim()).toBe("_bash_complete -o default -o bashdefault -F _toolshed");
  });
});
