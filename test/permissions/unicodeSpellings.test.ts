/**
 * A deny rule and a name on disk that spell the same accented name differently (composed é,
 * or e followed by a combining accent, as macOS and some editors write it): the rule holds for
 * every spelling, for a Read of the file and for a Grep of a folder above it. Allow rules still
 * need the exact spelling.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decideFor, Grep, Read, type RuleSet } from "./harness.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

const COMPOSED = "caf\u00e9";
const DECOMPOSED = "cafe\u0301";

let root: TemporaryFolder;
let project: string;

beforeAll(() => {
  root = createTemporaryFolder("toolshed-unicode-");
  project = join(root.path, "project");
  // data/<decomposed>/s.txt and notes/<composed>/s.txt
  for (const folder of [join(project, ".git"), join(project, "data", DECOMPOSED), join(project, "notes", COMPOSED)]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(project, "data", DECOMPOSED, "s.txt"), "secret\n");
  writeFileSync(join(project, "notes", COMPOSED, "s.txt"), "secret\n");
});
afterAll(() => root.remove());

const cases: { name: string; tool: typeof Read | typeof Grep; input: (project: string) => Record<string, unknown>; rules: RuleSet; expected: string }[] = [
  { name: "a composed rule holds for a decomposed name (Read)", tool: Read, input: (p) => ({ file_path: join(p, "data", DECOMPOSED, "s.txt") }), rules: { deny: [`Read(data/${COMPOSED}/**)`] }, expected: "deny" },
  { name: "a decomposed rule holds for a composed name (Read)", tool: Read, input: (p) => ({ file_path: join(p, "notes", COMPOSED, "s.txt") }), rules: { deny: [`Read(notes/${DECOMPOSED}/**)`] }, expected: "deny" },
  { name: "a composed rule holds for a Grep of a folder above a decomposed name", tool: Grep, input: (p) => ({ pattern: "secret", path: join(p, "data") }), rules: { deny: [`Read(data/${COMPOSED}/**)`] }, expected: "ask" },
  { name: "a decomposed rule holds for a Grep of the whole project", tool: Grep, input: (p) => ({ pattern: "secret", path: p }), rules: { deny: [`Read(notes/${DECOMPOSED}/**)`] }, expected: "ask" },
  { name: "an ask rule in either spelling asks", tool: Read, input: (p) => ({ file_path: join(p, "data", DECOMPOSED, "s.txt") }), rules: { ask: [`Read(data/${COMPOSED}/s.txt)`] }, expected: "ask" },
  { name: "a Grep elsewhere is not held up by the rule", tool: Grep, input: (p) => ({ pattern: "secret", path: join(p, "notes") }), rules: { deny: [`Read(data/${COMPOSED}/**)`] }, expected: "allow" },
];

describe("deny and ask rules hold for every spelling of an accented name", () => {
  for (const each of cases) {
    test(each.name, async () => {
      const decision = await decideFor({ tool: each.tool, input: each.input(project), rules: each.rules, cwd: project });
      expect(decision.decision).toBe(each.expected as typeof decision.decision);
    });
  }

  test("an allow rule needs the spelling on disk: the other spelling is a different file", async () => {
    const path = join(project, "..", "outside-unicode", DECOMPOSED);
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, "s.txt"), "x\n");
    const input = { file_path: join(path, "s.txt") };
    expect((await decideFor({ tool: Read, input, rules: { allow: [`Read(/${join(path, "..")}/${COMPOSED}/**)`] }, cwd: project })).decision).toBe("ask");
    expect((await decideFor({ tool: Read, input, rules: { allow: [`Read(/${join(path, "..")}/${DECOMPOSED}/**)`] }, cwd: project })).decision).toBe("allow");
  });
});
