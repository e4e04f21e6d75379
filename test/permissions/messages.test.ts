/**
 * What people read when a call is asked or refused: sentences a person would write, and suggested
 * rules that would allow exactly the call (never a rule that allows far more, never a partial list
 * that would not allow it at all).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { explainHowToAllow } from "../../src/permissions/createCanUseTool.ts";
import { Bash, createPlayground, decideFor, Read, type Playground } from "./harness.ts";

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
});
afterAll(() => playground.remove());

const decideBash = (command: string) => decideFor({ tool: Bash, input: { command }, cwd: playground.project });

describe("reasons read as written by a person", () => {
  test("a script the analysis cannot see", async () => {
    const decision = await decideBash("sh x.sh");
    expect(decision.reason).toBe("toolshed cannot check this command: sh runs the script x.sh, which toolshed cannot see");
    expect(decision.reason).not.toContain("does not fully understand");
  });

  test("a construct it does not follow names the construct", async () => {
    expect((await decideBash("f() { ls; }; f")).reason).toBe('toolshed cannot check this command: it has a function definition: "f() { ls; }"');
    expect((await decideBash("x=1")).reason).toBe("toolshed cannot check this command: the assignment x=1 changes the shell for the commands after it");
  });

  test("a path that leads elsewhere says where", async () => {
    const decision = await decideFor({ tool: Read, input: { file_path: `${playground.project}/linkdir/x` }, cwd: playground.project });
    expect(decision.reason).toBe(`Read ${playground.project}/linkdir/x reads ${playground.project}/linkdir/x (which leads to ${playground.outside}/x), outside the working folders`);
  });
});

describe("suggested rules allow the call, and only the call", () => {
  test("no partial list when one part cannot be allowed by any rule (was Bash(exit 7) alone)", async () => {
    const decision = await decideBash("f() { ls; }; exit 7");
    expect(decision.suggestedRules).toEqual([]);
    expect(explainHowToAllow(decision, "Bash")).toContain("No allow rule approves exactly this call");
  });

  test("every part's rule when each part can be allowed", async () => {
    expect((await decideBash("npm install && make build")).suggestedRules).toEqual(["Bash(npm install)", "Bash(make build)"]);
  });

  test("no rule with a * in it: it would be a wildcard", async () => {
    const decision = await decideBash("rm -f *.o");
    expect(decision.decision).toBe("ask");
    expect(decision.suggestedRules).toEqual([]);
  });

  test("a glob read outside is suggested as that glob, not its whole folder (was Read(//etc))", async () => {
    expect((await decideBash("cat /etc/host*")).suggestedRules).toEqual(["Read(//etc/host*)"]);
  });

  test("a literal file name with glob characters is escaped", async () => {
    expect((await decideBash("cat '/tmp/a*b'")).suggestedRules).toEqual(["Read(//tmp/a\\*b)"]);
  });

  test("a path only known when it runs gets no rule: none could place it", async () => {
    expect((await decideBash("echo hi > $X/k")).suggestedRules).toEqual([]);
  });
});

test("rm of a glob in the working folder is not taken for removing the folder itself (was deny in every mode)", async () => {
  for (const mode of ["default", "acceptEdits"] as const) {
    const decision = await decideFor({ tool: Bash, input: { command: "rm -f *.o" }, mode, cwd: playground.project });
    expect(decision.decision).toBe(mode === "default" ? "ask" : "allow");
  }
  expect((await decideFor({ tool: Bash, input: { command: "rm -rf /*" }, mode: "bypassPermissions", cwd: playground.project })).decision).toBe("deny");
});
