/**
 * The adversarial corpus, path half: sibling folders sharing a prefix, `..`, `//`, trailing `/`,
 * symlinked files and parents, hard links, Unicode look-alikes and NUL bytes, protected and
 * critical paths; through file tools and through shell commands, on a real temporary folder.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AnyTool } from "../../src/Tool.ts";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { Bash, createPlayground, decideFor, Edit, Read, Write, type Playground, type RuleSet } from "./harness.ts";

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
});
afterAll(() => playground.remove());

interface PathCase {
  name: string;
  tool: AnyTool;
  /** The path input, with {project}, {outside}, {sibling} filled in. */
  path?: string;
  command?: string;
  rules?: RuleSet;
  mode?: PermissionMode;
  expected: "allow" | "ask" | "deny";
}

const DENY_ENV: RuleSet = { deny: ["Read(.env)", "Edit(secrets/**)"] };

const CASES: PathCase[] = [
  // Inside and outside, on whole segments.
  { name: "a file inside", tool: Read, path: "{project}/src/a.ts", expected: "allow" },
  { name: "a sibling folder sharing the prefix", tool: Read, path: "{sibling}/x.txt", expected: "ask" },
  { name: "the sibling reached with ..", tool: Read, path: "{project}/../project-evil/x.txt", expected: "ask" },
  { name: "a doubled slash inside", tool: Read, path: "{project}//src/a.ts", expected: "allow" },
  { name: "a folder with a trailing slash", tool: Read, path: "{project}/src/", expected: "allow" },
  { name: "an allow rule for the project does not cover the sibling", tool: Edit, path: "{sibling}/x.txt", rules: { allow: ["Edit(/{project}/**)"] }, expected: "ask" },
  { name: "an allow rule for the project covers a file in it", tool: Edit, path: "{project}/src/a.ts", rules: { allow: ["Edit(/{project}/**)"] }, expected: "allow" },
  // Deny rules on every spelling.
  { name: "a denied file", tool: Read, path: "{project}/.env", rules: DENY_ENV, expected: "deny" },
  { name: "a denied file through ..", tool: Read, path: "{project}/src/../.env", rules: DENY_ENV, expected: "deny" },
  { name: "a denied file through //", tool: Read, path: "{project}//.env", rules: DENY_ENV, expected: "deny" },
  { name: "a denied file through ./", tool: Read, path: "{project}/./.env", rules: DENY_ENV, expected: "deny" },
  { name: "a denied file at any depth (bare name)", tool: Read, path: "{project}/src/.env", rules: DENY_ENV, expected: "deny" },
  { name: "a denied file outside the project (bare name)", tool: Read, path: "{outside}/.env", rules: DENY_ENV, expected: "deny" },
  { name: "a trailing-slash folder rule", tool: Read, path: "{project}/secrets/key", rules: { deny: ["Read(secrets/)"] }, expected: "deny" },
  { name: "a Read deny also blocks writing", tool: Write, path: "{project}/.env", rules: DENY_ENV, expected: "deny" },
  { name: "an Edit deny blocks Write", tool: Write, path: "{project}/secrets/new", rules: DENY_ENV, expected: "deny" },
  { name: "an Edit deny does not block reading", tool: Read, path: "{project}/secrets/key", rules: DENY_ENV, expected: "allow" },
  { name: "an Edit allow also allows reading", tool: Read, path: "{outside}/secret.txt", rules: { allow: ["Edit(/{outside}/**)"] }, expected: "allow" },
  { name: "a Read allow does not allow writing", tool: Write, path: "{outside}/new.txt", rules: { allow: ["Read(/{outside}/**)"] }, expected: "ask" },
  { name: "a home-anchored deny", tool: Read, path: "{home}/.ssh/id_rsa", rules: { deny: ["Read(~/.ssh/**)"] }, expected: "deny" },
  { name: "a settings-folder-anchored deny", tool: Read, path: "{project}/src/a.ts", rules: { deny: ["Read(/src/**)"] }, expected: "deny" },
  { name: "a root-anchored deny", tool: Read, path: "{outside}/secret.txt", rules: { deny: ["Read(/{outside}/*)"] }, expected: "deny" },
  // Symlinks: deny needs either form, allow and "inside" need both.
  { name: "a symlink to a denied file", tool: Read, path: "{project}/link-env", rules: DENY_ENV, expected: "deny" },
  { name: "a symlink pointing outside", tool: Read, path: "{project}/link-out", expected: "ask" },
  { name: "a symlinked parent folder pointing outside", tool: Read, path: "{project}/linkdir/secret.txt", expected: "ask" },
  { name: "a deny on the target catches the link", tool: Read, path: "{project}/link-out", rules: { deny: ["Read(/{outside}/**)"] }, expected: "deny" },
  { name: "an allow on the link's folder alone is not enough", tool: Read, path: "{project}/link-out", rules: { allow: ["Read(/{project}/**)"] }, expected: "ask" },
  { name: "acceptEdits does not write through a link leading out", tool: Edit, path: "{project}/link-out", mode: "acceptEdits", expected: "ask" },
  { name: "acceptEdits does not write through a linked parent", tool: Write, path: "{project}/linkdir/new.txt", mode: "acceptEdits", expected: "ask" },
  // Hard links: the other name cannot be seen, so writes are asked.
  { name: "acceptEdits does not write a hard-linked file", tool: Edit, path: "{project}/hard", mode: "acceptEdits", expected: "ask" },
  { name: "an allow rule does not write a hard-linked file", tool: Edit, path: "{project}/hard", rules: { allow: ["Edit(/{project}/**)"] }, expected: "ask" },
  { name: "acceptEdits writes a plain new file", tool: Write, path: "{project}/src/new.ts", mode: "acceptEdits", expected: "allow" },
  // Unicode look-alikes and NUL bytes.
  { name: "a fullwidth look-alike of a denied name", tool: Read, path: "{project}/.\uff45\uff4e\uff56", rules: DENY_ENV, expected: "deny" },
  { name: "a NUL byte after a denied name", tool: Read, path: "{project}/.env\u0000.txt", rules: DENY_ENV, expected: "deny" },
  { name: "a NUL byte in a harmless path", tool: Read, path: "{project}/src/a.ts\u0000x", expected: "ask" },
  // Protected paths: never by allow rule or acceptEdits; bypassPermissions may.
  { name: "writing .git/config in acceptEdits", tool: Write, path: "{project}/.git/config", mode: "acceptEdits", expected: "ask" },
  { name: "writing .git/config with an allow rule", tool: Write, path: "{project}/.git/config", rules: { allow: ["Write"] }, expected: "ask" },
  { name: "writing .git/config in bypassPermissions", tool: Write, path: "{project}/.git/config", mode: "bypassPermissions", expected: "allow" },
  { name: "writing .bashrc", tool: Write, path: "{home}/.bashrc", rules: { allow: ["Edit(/{home}/**)"] }, expected: "ask" },
  { name: "writing .npmrc in acceptEdits", tool: Write, path: "{project}/.npmrc", mode: "acceptEdits", expected: "ask" },
  { name: "writing .mcp.json", tool: Write, path: "{project}/.mcp.json", mode: "acceptEdits", expected: "ask" },
  { name: "writing .claude/settings.local.json in acceptEdits", tool: Write, path: "{project}/.claude/settings.local.json", mode: "acceptEdits", expected: "ask" },
  { name: "writing .claude/settings.json with an allow rule", tool: Edit, path: "{project}/.claude/settings.json", rules: { allow: ["Edit(/{project}/**)"] }, expected: "ask" },
  { name: "writing .vscode/settings.json", tool: Edit, path: "{project}/.vscode/settings.json", mode: "acceptEdits", expected: "ask" },
  { name: "writing .config/git/config", tool: Write, path: "{home}/.config/git/config", mode: "acceptEdits", additional: true, expected: "ask" } as PathCase,
  { name: "reading .git/config is fine", tool: Read, path: "{project}/.git/config", expected: "allow" },
  // Shell commands meet the same path rules.
  { name: "cat through a symlink leading out", tool: Bash, command: "cat link-out", expected: "ask" },
  { name: "cat through a symlink to a denied file", tool: Bash, command: "cat link-env", rules: DENY_ENV, expected: "deny" },
  { name: "cat through a linked parent", tool: Bash, command: "cat linkdir/secret.txt", expected: "ask" },
  { name: "cat of the sibling folder", tool: Bash, command: "cat ../project-evil/x.txt", expected: "ask" },
  { name: "a glob that expands to a denied file", tool: Bash, command: "cat .en*", rules: DENY_ENV, expected: "deny" },
  { name: "a glob inside", tool: Bash, command: "cat src/*.ts", expected: "allow" },
  { name: "a glob outside", tool: Bash, command: "cat /etc/host*", expected: "ask" },
  { name: "cp into a denied folder", tool: Bash, command: "cp src/a.ts secrets/x", rules: DENY_ENV, expected: "deny" },
  { name: "a denied file as an argument of an unknown command", tool: Bash, command: "base64 .env", rules: DENY_ENV, expected: "deny" },
  { name: "a redirect through a symlink leading out, acceptEdits", tool: Bash, command: "echo hi > link-out", mode: "acceptEdits", expected: "ask" },
  { name: "a redirect to a hard link, acceptEdits", tool: Bash, command: "echo hi >> hard", mode: "acceptEdits", expected: "ask" },
  // Critical removal: no mode skips it.
  { name: "rm -rf /", tool: Bash, command: "rm -rf /", mode: "bypassPermissions", expected: "deny" },
  { name: "rm -rf /etc", tool: Bash, command: "rm -rf /etc", mode: "bypassPermissions", expected: "deny" },
  { name: "rm -rf /*", tool: Bash, command: "rm -rf /*", mode: "bypassPermissions", expected: "deny" },
  { name: "rm -rf of the working folder", tool: Bash, command: "rm -rf .", mode: "acceptEdits", expected: "deny" },
  { name: "rm -rf of its parent", tool: Bash, command: "rm -rf ..", mode: "bypassPermissions", expected: "deny" },
  { name: "rmdir of the working folder spelled with //", tool: Bash, command: "rmdir {project}//", mode: "bypassPermissions", expected: "deny" },
  { name: "rm -rf ~", tool: Bash, command: "rm -rf ~", mode: "bypassPermissions", expected: "deny" },
  { name: "rm of a file inside, acceptEdits", tool: Bash, command: "rm src/a.ts", mode: "acceptEdits", expected: "allow" },
];

function fill(text: string): string {
  return text.replaceAll("{project}", playground.project).replaceAll("{outside}", playground.outside)
    .replaceAll("{sibling}", playground.sibling).replaceAll("{home}", playground.home);
}

function fillRules(rules: RuleSet | undefined): RuleSet {
  return Object.fromEntries(Object.entries(rules ?? {}).map(([behavior, list]) => [behavior, (list as string[]).map(fill)]));
}

describe("path tricks", () => {
  for (const testCase of CASES) {
    test(`${testCase.name} -> ${testCase.expected}`, async () => {
      const previousHome = process.env.HOME;
      process.env.HOME = playground.home;
      try {
        const input = testCase.command !== undefined
          ? { command: fill(testCase.command) }
          : { file_path: fill(testCase.path ?? ""), content: "", old_string: "", new_string: "" };
        const tool = testCase.tool;
        const shaped = tool === Read ? { file_path: input.file_path } : tool === Write ? { file_path: input.file_path, content: "" } : input;
        const decision = await decideFor({
          tool,
          input: shaped,
          rules: fillRules(testCase.rules),
          mode: testCase.mode,
          cwd: playground.project,
          additionalDirectories: (testCase as PathCase & { additional?: boolean }).additional ? [playground.home] : [],
        });
        expect(decision.decision).toBe(testCase.expected);
      } finally {
        process.env.HOME = previousHome;
      }
    });
  }
});
