/**
 * Every documented example works as written, run from a script (nobody at a terminal to answer)
 * in a temporary folder: every code block and `toolshed ...` example of the README, and every
 * example line of every `--help` text. `toolshed` is `bun src/main.ts` of this checkout (the
 * built binary answers the same; test/build checks it). The `-p` examples run against the local
 * Messages API of the tests (one scripted answer each, in order in one folder, so `--continue`
 * finds the session before it). The few examples that install, download, build every target or
 * rewrite files of the checkout are skipped, each saying why.
 */
import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as help from "../src/cli/help.ts";
import { startMessagesApiServer, textTurn, type MessagesApiServer } from "./helpers/messagesApiServer.ts";
import { parseAgentFile } from "../src/agents/parseAgentFile.ts";
import { createTemporaryFolder } from "./helpers/temporaryFolder.ts";

const ROOT = resolve(import.meta.dir, "..");
const MAIN = join(ROOT, "src", "main.ts");
const README = readFileSync(join(ROOT, "README.md"), "utf8");

/** Examples not run here, and why. */
const SKIPPED: Record<string, string> = {
  "npm ci && npm run build": "installs and builds every flavor; CI runs it (.ci/run), and from inside the suite it would recurse",
  "npm ci && npm test": "installs and runs this very suite",
  "npx bun build.ts --flavor public --target all": "cross-compiles five targets (minutes); test/build covers the build",
  "npx bun build.ts --update-baseline": "rewrites build/audit-baseline.json in the checkout",
  "npm run check:reproducible": "two full builds in two folders (minutes); scripts/checkReproducible.ts has its own test",
  "npm run check:reproducible -- --release --npm": "builds and packs every release archive twice (minutes)",
  "curl -fsSL https://github.com/toolshed/toolshed/releases/latest/download/install.sh | sh": "downloads from the network and installs into ~/.local/bin; test/release covers install.sh",
  "npm install -g toolshed": "installs globally from the npm registry",
};

/** True for an agent example (`toolshed -p ...`): it needs a model, here the local Messages API. */
function isAgentExample(line: string): boolean {
  return /\btoolshed -p\b/.test(line);
}

/** The fenced blocks of the README, with their language. */
function fencedBlocks(): { language: string; body: string }[] {
  return [...README.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((match) => ({ language: match[1] ?? "", body: match[2] ?? "" }));
}

/** The example lines of a help text: the indented lines after "Examples:". */
function helpExamples(help: string): string[] {
  const at = help.indexOf("Examples:\n");
  if (at === -1) return [];
  const lines: string[] = [];
  for (const line of help.slice(at + "Examples:\n".length).split("\n")) {
    if (!line.startsWith("  ")) break;
    lines.push(line.trim());
  }
  return lines;
}

/** A command line as written, without a trailing comment, with the README's binary path spelled `toolshed`. */
function normalize(line: string): string {
  return line.replace(/\s+#.*$/, "").replace(/\.\/dist\/public\/linux-x64\/toolshed/g, "toolshed").trim();
}

/** Runs one example line in bash, in `cwd`; toolshed's own folders go under `scratch`; `model` answers `-p`. */
async function runExample(line: string, cwd: string, scratch: string = cwd, model?: MessagesApiServer): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = `toolshed() { "$TOOLSHED_TEST_BUN" "$TOOLSHED_TEST_MAIN" "$@"; }\nnpx() { if [ "$1" = bun ]; then shift; "$TOOLSHED_TEST_BUN" "$@"; else command npx "$@"; fi; }\n${line}\n`;
  const child = Bun.spawn(["bash", "-c", script], {
    cwd,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    timeout: 30_000,
    env: {
      ...process.env,
      TOOLSHED_TEST_BUN: process.execPath,
      TOOLSHED_TEST_MAIN: MAIN,
      TOOLSHED_CONFIG_DIR: join(scratch, ".config-home"),
      TOOLSHED_MANAGED_SETTINGS: join(scratch, ".no-managed.json"),
      TOOLSHED_SESSION_DIR: join(scratch, ".session"),
      ...(model === undefined ? {} : { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: "test-key", HOME: scratch }),
    },
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

/** Checks an example did what it says: the exit status it documents, no usage error, no internal error. */
function expectDocumented(line: string, result: { code: number; stderr: string }): void {
  // `permissions check` says its decision in its exit status (0 allow, 1 deny, 3 ask), `doctor` whether
  // it found a problem (here, with no credentials, it does); the rest succeed.
  const allowed = /toolshed permissions check\b/.test(line) ? [0, 1, 3] : /toolshed doctor\b/.test(line) ? [0, 1] : [0];
  expect({ line, code: allowed.includes(result.code) ? "as documented" : result.code, stderr: result.stderr })
    .toEqual({ line, code: "as documented", stderr: expect.not.stringMatching(/internal error|Run "toolshed --help"|Permission to use/) });
}

/** Runs an example in a fresh temporary folder (or in the checkout when it names one of its files). */
async function expectWorks(line: string): Promise<void> {
  const folder = createTemporaryFolder("toolshed-example-");
  try {
    writeFileSync(join(folder.path, "README.md"), "# an example folder\n");
    const command = normalize(line);
    const cwd = command.startsWith("toolshed") || command.includes("| toolshed") ? folder.path : ROOT;
    expectDocumented(line, await runExample(command, cwd, folder.path));
  } finally {
    folder.remove();
  }
}

/** A server example (`toolshed mcp serve --http ...`): it says where it serves, then stops cleanly on SIGTERM. */
async function expectServes(line: string): Promise<void> {
  const folder = createTemporaryFolder("toolshed-example-");
  try {
    const args = normalize(line).split(/\s+/).slice(1);
    const child = Bun.spawn([process.execPath, MAIN, ...args], {
      cwd: folder.path,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      timeout: 30_000,
      env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, ".config-home"), TOOLSHED_MANAGED_SETTINGS: join(folder.path, ".no-managed.json"), TOOLSHED_SESSION_DIR: join(folder.path, ".session") },
    });
    let printed = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      printed += decoder.decode(chunk, { stream: true });
      if (/http:\/\/127\.0\.0\.1:\d+\/mcp/.test(printed)) break;
    }
    expect(printed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp/);
    child.kill("SIGTERM");
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect({ line, code, stderr }).toEqual({ line, code: expect.any(Number), stderr: expect.not.stringMatching(/internal error|Run "toolshed --help"/) });
    expect(child.signalCode).toBeNull();
  } finally {
    folder.remove();
  }
}

/**
 * Runs agent examples in order in one folder (a git repository, as a project is), each answered by
 * the local Messages API; `export NAME=value` lines set the environment of the lines after them.
 */
async function expectAgentExamplesWork(lines: readonly string[]): Promise<void> {
  const folder = createTemporaryFolder("toolshed-example-");
  const model = startMessagesApiServer();
  try {
    Bun.spawnSync(["git", "init", "-q", folder.path]);
    const exports: string[] = [];
    for (const line of lines.map(normalize)) {
      if (/^export \w+=/.test(line)) {
        exports.push(line);
        continue;
      }
      model.push(textTurn("This is an example answer."));
      const result = await runExample([...exports, line].join("\n"), folder.path, folder.path, model);
      expectDocumented(line, result);
    }
  } finally {
    await model.close();
    folder.remove();
  }
}

describe("README code blocks", () => {
  const shellBlocks = fencedBlocks().filter((block) => block.language === "sh")
    .map((block) => block.body.split("\n").map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#")));
  for (const lines of shellBlocks) {
    if (lines.some(isAgentExample)) {
      test(`the agent examples, in order: ${lines.filter(isAgentExample).join(" / ")}`, () => expectAgentExamplesWork(lines));
      continue;
    }
    for (const line of lines) {
      const command = normalize(line);
      const reason = SKIPPED[command];
      if (reason !== undefined) test.skip(`${command} (not run: ${reason})`, () => {});
      else test(command, () => expectWorks(line));
    }
  }

  test("the settings example is read with no warning and its rules apply", async () => {
    const [settings] = fencedBlocks().filter((block) => block.language === "json");
    const folder = createTemporaryFolder("toolshed-example-");
    try {
      mkdirSync(join(folder.path, ".toolshed"));
      writeFileSync(join(folder.path, ".toolshed", "settings.json"), settings?.body ?? "");
      const result = await runExample("toolshed permissions list --json", folder.path);
      expect(result.code).toBe(0);
      const listed = JSON.parse(result.stdout);
      expect(listed.warnings).toEqual([]);
      expect(listed.rules.map((rule: { behavior: string; rule: string }) => `${rule.behavior} ${rule.rule}`)).toContain("deny Read(.env)");
    } finally {
      folder.remove();
    }
  });

  test("the agent file example is a valid agent type", () => {
    const block = fencedBlocks().find((each) => each.language === "markdown")?.body ?? "";
    const text = block.split("\n").map((line) => line.replace(/^ {2}/, "")).join("\n");
    const parsed = parseAgentFile(text, "README.md", "project");
    expect(parsed.ok && { name: parsed.agent.name, tools: parsed.agent.tools, model: parsed.agent.model, notes: parsed.notes })
      .toEqual({ name: "reviewer", tools: ["Read", "Grep", "Glob"], model: "sonnet", notes: [] });
  });

  test("the library example runs and reads package.json through the pipeline", async () => {
    const folder = createTemporaryFolder("toolshed-readme-");
    try {
      const library = fencedBlocks().find((block) => block.language === "ts")?.body ?? "";
      writeFileSync(join(folder.path, "example.ts"), library.replace('from "toolshed"', `from ${JSON.stringify(join(ROOT, "src", "index.ts"))}`));
      writeFileSync(join(folder.path, "package.json"), '{"name": "embedding-agent"}\n');
      const child = Bun.spawn([process.execPath, "example.ts"], {
        cwd: folder.path,
        env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, "config"), TOOLSHED_MANAGED_SETTINGS: join(folder.path, "managed.json") },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [stdout, stderr, status] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      expect(stdout).toContain("tool_result");
      expect(stdout).toContain("embedding-agent");
      expect(stdout).not.toContain("is_error");
    } finally {
      folder.remove();
    }
  });
});

describe("README examples in the text", () => {
  // Full invocations in the prose (with a quoted argument); bare names such as `toolshed trust` name a command, and <placeholders> or [options] are syntax.
  const inline = [...README.matchAll(/`(toolshed [^`]+)`/g)].map((match) => match[1] ?? "").filter((text) => !/[<[]/.test(text) && /['"]/.test(text));
  for (const line of [...new Set(inline)]) {
    if (isAgentExample(line)) test(line, () => expectAgentExamplesWork([line]));
    else test(line, () => expectWorks(line));
  }
});

describe("--help examples", () => {
  const texts = Object.entries(help).flatMap(([name, text]): [string, string][] => (typeof text === "string" && name.endsWith("_HELP") ? [[name, text]] : []));
  for (const [name, text] of texts) {
    const examples = helpExamples(text);
    const agent = examples.filter(isAgentExample);
    if (agent.length > 0) test(`${name}: the agent examples, in order: ${agent.join(" / ")}`, () => expectAgentExamplesWork(agent));
    for (const line of examples.filter((example) => !isAgentExample(example))) {
      test(`${name}: ${line}`, () => (/\bmcp serve --http\b/.test(line) ? expectServes(line) : expectWorks(line)));
    }
  }

  test("the help texts have examples to run", () => {
    for (const text of [help.MAIN_HELP, help.RUN_HELP, help.PERMISSIONS_HELP, help.TRUST_HELP, help.PRINT_HELP]) expect(helpExamples(text).length).toBeGreaterThan(0);
  });
});
