/**
 * jq runs without asking when it only reads the files it is given; its options and filter can make
 * it read more, and so can the `~/.jq` it reads on every run. The home folder is a temporary one,
 * with and without a `.jq`, so the machine's own does not decide.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { rmSync, writeFileSync } from "node:fs";
import { Bash, createPlayground, decideFor, type Playground, type RuleSet } from "./harness.ts";

const RULES: RuleSet = { deny: ["Bash(rm *)", "Read(.env)"] };

const CASES: [string, "allow" | "ask" | "deny"][] = [
  ["jq .name package.json", "allow"], ["cat package.json | jq -r .scripts", "allow"], ["jq -rc '.[] | .id' a.json b.json", "allow"],
  ["jq --arg n x '.a == $n' a.json", "allow"], ["jq --indent 4 . a.json", "allow"], ["jq -n env", "allow"], ["jq -s . -- -odd.json", "allow"],
  ["jq . .env", "deny"], ["jq -r .TOKEN .env", "deny"], ["jq . /etc/passwd", "ask"], ["jq . a.json > out.json", "ask"],
  ["jq -f prog.jq a.json", "ask"], ["jq --rawfile a /etc/passwd -n '$a'", "ask"], ["jq --slurpfile a .env -n '$a'", "deny"],
  ["jq -n 'import \"x\" as $x; $x'", "ask"], ["jq -L /tmp 'include \"x\"; .' a.json", "ask"], ["jq modulemeta a.json", "ask"],
  ["jq --args . a b", "ask"], ['jq "$f" a.json', "ask"], ["jq --arg", "ask"], ["jq $(rm x) a.json", "deny"],
  // An octal escape is one byte in bash: $'\456env' is .env.
  ["jq . $'\\456env'", "deny"],
];

let playground: Playground;
const previousHome = process.env.HOME;
beforeAll(() => {
  playground = createPlayground();
  process.env.HOME = playground.home;
});
afterAll(() => {
  process.env.HOME = previousHome;
  playground.remove();
});

const decision = async (command: string) => (await decideFor({ tool: Bash, input: { command }, rules: RULES, cwd: playground.project })).decision;

describe("jq, with no ~/.jq", () => {
  for (const [command, expected] of CASES) {
    test(`${JSON.stringify(command)} -> ${expected}`, async () => {
      expect({ command, decision: await decision(command) }).toEqual({ command, decision: expected });
    });
  }
});

describe("jq, with a ~/.jq", () => {
  test("it reads ~/.jq on every run (and prints lines of it that are not jq), so even a read of the working folder asks", async () => {
    const library = join(playground.home, ".jq");
    writeFileSync(library, "API_KEY sk-test\n");
    try {
      expect(await decision("jq .name package.json")).toBe("ask");
      expect(await decision("jq . .env")).toBe("deny");
    } finally {
      rmSync(library);
    }
    expect(await decision("jq .name package.json")).toBe("allow");
  });
});
