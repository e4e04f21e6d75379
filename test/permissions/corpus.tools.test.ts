/**
 * The adversarial corpus, tool half: WebFetch domains (look-alike hosts, `user@host`, trailing
 * dots, IP literals in odd notations), MCP names and wildcards, parameter matchers, every mode,
 * the tool's own check, and order over specificity.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AnyTool } from "../../src/Tool.ts";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { Agent, AskingTool, Bash, createPlayground, decideFor, Edit, McpDrop, McpQuery, Read, WebFetch, Write, type Playground, type RuleSet } from "./harness.ts";

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
});
afterAll(() => playground.remove());

type Expected = "allow" | "ask" | "deny";
const WEB: RuleSet = {
  deny: ["WebFetch(domain:evil.com)", "WebFetch(domain:*.evil.com)", "WebFetch(domain:127.0.0.1)"],
  allow: ["WebFetch(domain:good.com)", "WebFetch(domain:*.docs.com)"],
};
const URLS: [string, Expected][] = [
  ["https://good.com/x", "allow"], ["https://GOOD.COM./x", "allow"], ["https://good.com:8080/", "allow"],
  ["https://good.com.evil.com/", "deny"], ["https://evil.com/good.com", "deny"], ["https://good.com@evil.com/", "deny"],
  ["https://evil.com./", "deny"], ["https://EVIL.com", "deny"], ["https://a.docs.com/", "allow"], ["https://docs.com/", "ask"],
  ["https://xdocs.com/", "ask"], ["https://gooddcom.com/", "ask"], ["http://0x7f.1/", "deny"], ["http://2130706433/", "deny"],
  ["http://127.1/", "deny"], ["http://0177.0.0.1/", "deny"], ["http://[::ffff:127.0.0.1]/", "deny"], ["http://[::ffff:7f00:1]/", "deny"], ["ws://evil.com/", "deny"], ["ws://good.com/", "ask"], ["ftp://good.com/", "ask"],
  ["not a url", "ask"], ["https://good.com%2eevil.com/", "deny"], ["https://good.com\\@evil.com/", "allow"], ["https://evil.com:443@good.com/", "allow"],
];

describe("WebFetch domains", () => {
  for (const [url, expected] of URLS) {
    test(`${url} -> ${expected}`, async () => {
      const decision = await decideFor({ tool: WebFetch, input: { url, prompt: "p" }, rules: WEB, cwd: playground.project });
      expect(decision.decision).toBe(expected);
    });
  }
});

interface ToolCase {
  name: string;
  tool: AnyTool;
  input: { [key: string]: unknown };
  rules?: RuleSet;
  mode?: PermissionMode;
  expected: Expected;
}

const bash = (command: string) => ({ command });
const CASES: ToolCase[] = [
  // MCP names and wildcards.
  { name: "a server rule allows its tools", tool: McpQuery, input: { sql: "x" }, rules: { allow: ["mcp__db"] }, expected: "allow" },
  { name: "a tool deny beats a server allow", tool: McpDrop, input: { table: "t" }, rules: { allow: ["mcp__db"], deny: ["mcp__db__drop"] }, expected: "deny" },
  { name: "mcp__server__* allows", tool: McpQuery, input: { sql: "x" }, rules: { allow: ["mcp__db__*"] }, expected: "allow" },
  { name: "a deny glob mcp__* denies", tool: McpQuery, input: { sql: "x" }, rules: { deny: ["mcp__*"] }, expected: "deny" },
  { name: "another server's rule does not apply", tool: McpQuery, input: { sql: "x" }, rules: { allow: ["mcp__dbx"] }, expected: "ask" },
  { name: "a server-name prefix is not a server", tool: McpQuery, input: { sql: "x" }, rules: { deny: ["mcp__d"] }, expected: "ask" },
  { name: "a deny * denies everything", tool: Read, input: { file_path: "/x" }, rules: { deny: ["*"] }, expected: "deny" },
  // Parameter matchers (deny and ask only).
  { name: "a parameter deny", tool: McpDrop, input: { table: "users" }, rules: { deny: ["mcp__db__drop(table:users)"] }, expected: "deny" },
  { name: "a parameter deny that does not match", tool: McpDrop, input: { table: "logs" }, rules: { deny: ["mcp__db__drop(table:users)"], allow: ["mcp__db"] }, expected: "allow" },
  { name: "a parameter ask with a glob", tool: McpDrop, input: { table: "tmp_1" }, rules: { ask: ["mcp__db__drop(table:tmp_*)"], allow: ["mcp__db"] }, expected: "ask" },
  { name: "a parameter deny on a glob tool name", tool: Write, input: { file_path: "/k/a.pem", content: "" }, rules: { deny: ["*(file_path:*.pem)"] }, expected: "deny" },
  { name: "Agent(type) deny", tool: Agent, input: { subagent_type: "general", prompt: "p" }, rules: { deny: ["Agent(general)"] }, expected: "deny" },
  { name: "Agent(type) allow", tool: Agent, input: { subagent_type: "explore", prompt: "p" }, rules: { allow: ["Agent(explore)"] }, expected: "allow" },
  // Order, not specificity.
  { name: "a broad deny has no allow exceptions", tool: Bash, input: bash("git status"), rules: { deny: ["Bash(git *)"], allow: ["Bash(git status)"] }, expected: "deny" },
  { name: "an ask beats a more specific allow", tool: Bash, input: bash("git push origin main"), rules: { ask: ["Bash(git *)"], allow: ["Bash(git push origin main)"] }, expected: "ask" },
  { name: "a whole-tool deny", tool: Bash, input: bash("ls"), rules: { deny: ["Bash"] }, expected: "deny" },
  { name: "Bash(*) means Bash", tool: Bash, input: bash("rm x"), rules: { allow: ["Bash(*)"] }, expected: "allow" },
  { name: "word boundary: ls * does not match lsof", tool: Bash, input: bash("lsof"), rules: { allow: ["Bash(ls *)"] }, expected: "ask" },
  { name: "legacy :* spelling", tool: Bash, input: bash("npm run build"), rules: { allow: ["Bash(npm run:*)"] }, expected: "allow" },
  { name: "* in the middle", tool: Bash, input: bash("git push origin main"), rules: { allow: ["Bash(git * main)"] }, expected: "allow" },
  { name: "* at the front", tool: Bash, input: bash("node --version"), rules: { allow: ["Bash(* --version)"] }, expected: "allow" },
  { name: "an allow does not reach past &&", tool: Bash, input: bash("npm test && npm publish"), rules: { allow: ["Bash(npm test *)"] }, expected: "ask" },
  // The tool's own check.
  { name: "the tool asks", tool: AskingTool, input: { value: "v" }, expected: "ask" },
  { name: "an allow rule answers the tool's ask", tool: AskingTool, input: { value: "v" }, rules: { allow: ["Asker"] }, expected: "allow" },
  // Modes.
  { name: "default: an edit inside asks", tool: Edit, input: { file_path: "{project}/src/a.ts", old_string: "a", new_string: "b" }, expected: "ask" },
  { name: "acceptEdits: an edit inside", tool: Edit, input: { file_path: "{project}/src/a.ts", old_string: "a", new_string: "b" }, mode: "acceptEdits", expected: "allow" },
  { name: "acceptEdits: an edit outside", tool: Edit, input: { file_path: "{outside}/secret.txt", old_string: "a", new_string: "b" }, mode: "acceptEdits", expected: "ask" },
  { name: "acceptEdits: mkdir and touch inside", tool: Bash, input: bash("mkdir -p build && touch build/x"), mode: "acceptEdits", expected: "allow" },
  { name: "acceptEdits: mv inside", tool: Bash, input: bash("mv src/a.ts src/b.ts"), mode: "acceptEdits", expected: "allow" },
  { name: "acceptEdits: cp to outside", tool: Bash, input: bash("cp src/a.ts ../outside/"), mode: "acceptEdits", expected: "ask" },
  { name: "acceptEdits: a redirect inside", tool: Bash, input: bash("echo hi > out.txt"), mode: "acceptEdits", expected: "allow" },
  { name: "acceptEdits: npm install still asks", tool: Bash, input: bash("npm install"), mode: "acceptEdits", expected: "ask" },
  { name: "acceptEdits: sed -i with a safe script", tool: Bash, input: bash("sed -i s/a/b/ src/a.ts"), mode: "acceptEdits", expected: "allow" },
  { name: "acceptEdits: sed -i with e", tool: Bash, input: bash("sed -i 's/a/b/e' src/a.ts"), mode: "acceptEdits", expected: "ask" },
  { name: "plan: reading", tool: Read, input: { file_path: "{project}/src/a.ts" }, mode: "plan", expected: "allow" },
  { name: "plan: ls", tool: Bash, input: bash("ls"), mode: "plan", expected: "allow" },
  { name: "plan: an edit", tool: Edit, input: { file_path: "{project}/src/a.ts", old_string: "a", new_string: "b" }, mode: "plan", expected: "deny" },
  { name: "plan: a redirect", tool: Bash, input: bash("echo hi > out.txt"), mode: "plan", expected: "deny" },
  { name: "plan: even an allowed command that changes things", tool: Bash, input: bash("npm install"), rules: { allow: ["Bash(npm install)"] }, mode: "plan", expected: "deny" },
  { name: "dontAsk: a would-ask", tool: Bash, input: bash("npm install"), mode: "dontAsk", expected: "deny" },
  { name: "dontAsk: an ask rule", tool: Bash, input: bash("git push"), rules: { ask: ["Bash(git push *)"] }, mode: "dontAsk", expected: "deny" },
  { name: "dontAsk: read-only", tool: Bash, input: bash("git status"), mode: "dontAsk", expected: "allow" },
  { name: "dontAsk: an allowed command", tool: Bash, input: bash("npm install"), rules: { allow: ["Bash(npm install)"] }, mode: "dontAsk", expected: "allow" },
  { name: "dontAsk: unparseable", tool: Bash, input: bash("echo ${x@P}"), mode: "dontAsk", expected: "deny" },
  { name: "bypassPermissions: anything", tool: Bash, input: bash("npm install"), mode: "bypassPermissions", expected: "allow" },
  { name: "bypassPermissions: deny rules still hold", tool: Bash, input: bash("rm x"), rules: { deny: ["Bash(rm *)"] }, mode: "bypassPermissions", expected: "deny" },
  { name: "bypassPermissions: ask rules still ask", tool: Bash, input: bash("git push"), rules: { ask: ["Bash(git push *)"] }, mode: "bypassPermissions", expected: "ask" },
  { name: "bypassPermissions: unparseable still asks", tool: Bash, input: bash("r$x -rf y"), mode: "bypassPermissions", expected: "ask" },
  { name: "an additional folder counts as inside", tool: Read, input: { file_path: "{outside}/secret.txt" }, expected: "ask" },
];

describe("tools, rules and modes", () => {
  for (const testCase of CASES) {
    test(`${testCase.name} -> ${testCase.expected}`, async () => {
      const input = Object.fromEntries(Object.entries(testCase.input).map(([key, value]) => [key, typeof value === "string"
        ? value.replaceAll("{project}", playground.project).replaceAll("{outside}", playground.outside) : value]));
      const decision = await decideFor({ tool: testCase.tool, input, rules: testCase.rules, mode: testCase.mode, cwd: playground.project });
      expect(decision.decision).toBe(testCase.expected);
    });
  }
  test("--add-dir: a read in an additional folder is inside", async () => {
    const decision = await decideFor({ tool: Read, input: { file_path: `${playground.sibling}/x.txt` }, cwd: playground.project, additionalDirectories: [playground.sibling] });
    expect(decision.decision).toBe("allow");
    // outside/secret.txt has a second name (project/hard): its other names may lie anywhere.
    const linked = await decideFor({ tool: Read, input: { file_path: `${playground.outside}/secret.txt` }, cwd: playground.project, additionalDirectories: [playground.outside] });
    expect(linked.decision).toBe("ask");
  });
});
