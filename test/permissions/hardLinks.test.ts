/**
 * Hard links on a real temporary folder: a deny or ask rule holds for every name of the file it
 * names (device and inode compared), a walk too large to finish asks, and a file with other
 * links is never read or written on a default or an allow rule that cannot see its other names.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { linkSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyTool } from "../../src/Tool.ts";
import { MAX_HARD_LINK_SCAN } from "../../src/permissions/hardLinks.ts";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { Bash, decideFor, Read, Write, type RuleSet } from "./harness.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let root: TemporaryFolder;
let project: string;
let outside: string;

beforeAll(() => {
  root = createTemporaryFolder("toolshed-hardlink-");
  project = join(root.path, "project");
  outside = join(root.path, "outside");
  for (const folder of [project, outside, join(project, "secrets"), join(project, "src"), join(project, "big")]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(project, ".env"), "TOKEN=1\n");
  linkSync(join(project, ".env"), join(project, "src", "notes.txt"));
  writeFileSync(join(project, "secrets", "key"), "k\n");
  linkSync(join(project, "secrets", "key"), join(project, "key-copy"));
  writeFileSync(join(outside, "shadow"), "s\n");
  linkSync(join(outside, "shadow"), join(project, "shadow-link"));
  writeFileSync(join(project, "plain.txt"), "p\n");
  // A folder with more entries than the walk may visit, holding another name of big-link.
  for (let index = 0; index <= MAX_HARD_LINK_SCAN; index++) writeFileSync(join(project, "big", `f${index}`), "");
  mkdirSync(join(project, "big", "sub"));
  writeFileSync(join(project, "big", "sub", "zz-secret"), "z\n");
  linkSync(join(project, "big", "sub", "zz-secret"), join(project, "big-link"));
});
afterAll(() => root.remove());

interface LinkCase {
  name: string;
  tool: AnyTool;
  path?: string;
  command?: string;
  rules: RuleSet;
  mode?: PermissionMode;
  expected: "allow" | "ask" | "deny";
}

const CASES: LinkCase[] = [
  { name: "Read(.env) holds for another name of .env", tool: Read, path: "src/notes.txt", rules: { deny: ["Read(.env)"] }, expected: "deny" },
  { name: "Read(.env) holds for cat of another name", tool: Bash, command: "cat src/notes.txt", rules: { deny: ["Read(.env)"] }, expected: "deny" },
  { name: "Read(.env) holds after cd", tool: Bash, command: "cd src && head -1 notes.txt", rules: { deny: ["Read(.env)"] }, expected: "deny" },
  { name: "Read(.env) also blocks writing another name", tool: Write, path: "src/notes.txt", rules: { deny: ["Read(.env)"] }, mode: "bypassPermissions", expected: "deny" },
  { name: "Edit(secrets/**) holds for another name outside the folder", tool: Write, path: "key-copy", rules: { deny: ["Edit(secrets/**)"] }, mode: "bypassPermissions", expected: "deny" },
  { name: "Edit(secrets/**) holds for a redirect to another name", tool: Bash, command: "echo x >> key-copy", rules: { deny: ["Edit(secrets/**)"] }, mode: "bypassPermissions", expected: "deny" },
  { name: "Read(secrets/) folder rule holds for another name", tool: Read, path: "key-copy", rules: { deny: ["Read(secrets/)"], allow: ["Read(./key-copy)"] }, expected: "deny" },
  { name: "an absolute literal deny holds for another name", tool: Read, path: "shadow-link", rules: { deny: ["Read(/{outside}/shadow)"], allow: ["Read(./shadow-link)"] }, expected: "deny" },
  { name: "a glob deny holds for another name", tool: Read, path: "shadow-link", rules: { deny: ["Read(/{outside}/sha*)"] }, expected: "deny" },
  { name: "an ask rule asks for another name", tool: Read, path: "shadow-link", rules: { ask: ["Read(/{outside}/shadow)"], allow: ["Read(./shadow-link)"] }, mode: "bypassPermissions", expected: "ask" },
  { name: "a glob walk cut short asks, even in bypassPermissions", tool: Read, path: "big-link", rules: { deny: ["Read(big/**/zz-*)"] }, mode: "bypassPermissions", expected: "ask" },
  { name: "a rule naming other files does not touch it", tool: Read, path: "shadow-link", rules: { deny: ["Read(/{outside}/other)"], allow: ["Read(./shadow-link)"] }, expected: "allow" },
  { name: "the read-only default does not read a file with other links", tool: Read, path: "shadow-link", rules: {}, expected: "ask" },
  { name: "cat on the read-only default neither", tool: Bash, command: "cat shadow-link", rules: {}, expected: "ask" },
  { name: "a glob expanding to it neither", tool: Bash, command: "cat shadow-*", rules: {}, expected: "ask" },
  { name: "an allow rule naming it reads it", tool: Read, path: "shadow-link", rules: { allow: ["Read(./shadow-link)"] }, expected: "allow" },
  { name: "an allow rule does not write it", tool: Write, path: "shadow-link", rules: { allow: ["Edit(./shadow-link)"] }, expected: "ask" },
  { name: "acceptEdits does not write it", tool: Write, path: "shadow-link", rules: {}, mode: "acceptEdits", expected: "ask" },
  { name: "a file with one link reads on the default", tool: Read, path: "plain.txt", rules: { deny: ["Read(.env)", "Read(/{outside}/**)"] }, expected: "allow" },
];

describe("hard links", () => {
  for (const testCase of CASES) {
    test(`${testCase.name} -> ${testCase.expected}`, async () => {
      const fill = (text: string) => text.replaceAll("{outside}", outside);
      const rules = Object.fromEntries(Object.entries(testCase.rules).map(([behavior, list]) => [behavior, (list as string[]).map(fill)]));
      const input = testCase.command !== undefined
        ? { command: testCase.command }
        : testCase.tool === Write ? { file_path: join(project, testCase.path ?? ""), content: "" } : { file_path: join(project, testCase.path ?? "") };
      const decision = await decideFor({ tool: testCase.tool, input, rules, mode: testCase.mode, cwd: project });
      expect({ decision: decision.decision, reason: decision.reason }).toMatchObject({ decision: testCase.expected });
    });
  }
  test("a write of a file with other links suggests no rule (none could approve it) and says why it is asked every time", async () => {
    const decision = await decideFor({ tool: Write, input: { file_path: join(project, "shadow-link"), content: "" }, rules: { allow: ["Edit(./shadow-link)"] }, cwd: project });
    expect(decision.decision).toBe("ask");
    expect(decision.suggestedRule).toBeUndefined();
    expect(decision.suggestedRules ?? []).toEqual([]);
    expect(decision.answerHoldsOnce).toBe(true);
    expect(decision.reason).toContain("a file with other hard links: its other names cannot be seen from here");
    expect(decision.reason).toContain("no allow rule approves this write and it is asked every time");
  });

  test("the message names the rule and the other name", async () => {
    const decision = await decideFor({ tool: Read, input: { file_path: join(project, "src", "notes.txt") }, rules: { deny: ["Read(.env)"] }, cwd: project });
    expect(decision.rule).toBe("Read(.env)");
    expect(decision.reason).toContain(join(project, ".env"));
    expect(decision.reason).toContain("hard link");
  });
});
