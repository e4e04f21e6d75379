/**
 * The scripted four-turn session: Read, Grep and Glob in parallel, then Edit, then Bash, then the
 * answer, served by the local Messages API server, run by toolshed and by the leading agent with
 * the same command line. Wall time and peak memory of each, interleaved, medians compared.
 * The leading agent is installed from npm into the bench's own folder; when it cannot be, the
 * figure is skipped with a message.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { median, type Benchmark } from "./figure.ts";
import { benchDirectory, publicBinary } from "./lib/binaries.ts";
import { startMessagesApiServer, textTurn, turn, type BlockSpec, type MessagesApiServer, type RecordedRequest, type Reply } from "../test/helpers/messagesApiServer.ts";

const ROUNDS = 7;
const LEADING_AGENT_VERSION = "2.1.332";
const PROMPT = "Find the TODO in this project, fix it, and check the build.";
const ALLOWED = ["--allowedTools", "Read", "Grep", "Glob", "Edit", "Bash(echo *)"];

/** The leading agent's executable, installed into .bench/claude-code on first use; undefined when npm cannot get it. */
function leadingAgent(): string | undefined {
  const folder = join(benchDirectory, "claude-code");
  const binary = join(folder, "node_modules", "@anthropic-ai", "claude-code", "bin", "claude.exe");
  if (existsSync(binary)) return binary;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "package.json"), '{ "name": "bench-leading-agent", "private": true }\n');
  const installed = Bun.spawnSync(["npm", "install", "--no-audit", "--no-fund", `@anthropic-ai/claude-code@${LEADING_AGENT_VERSION}`], { cwd: folder, stdout: "ignore", stderr: "pipe", timeout: 300_000 });
  if (installed.exitCode !== 0 || !existsSync(binary)) {
    process.stderr.write(`  the leading agent could not be installed from npm (${installed.stderr.toString().trim().split("\n").at(-1) ?? "no output"}); the session figure is skipped\n`);
    return undefined;
  }
  return binary;
}

/** The project each run works on, copied fresh for every run (the Edit changes it). */
function writeProject(folder: string): void {
  mkdirSync(join(folder, "src"), { recursive: true });
  mkdirSync(join(folder, ".git"), { recursive: true });
  writeFileSync(join(folder, "src", "app.ts"), "export function add(a: number, b: number) {\n  // TODO fix the sign\n  return a - b;\n}\n");
  writeFileSync(join(folder, "src", "util.ts"), "export const name = 'util';\n");
  writeFileSync(join(folder, "README.md"), "# demo\n");
}

/** The script: which answer each request of the main conversation gets, by how many answers it already holds. */
function scripted(project: string): Reply {
  return (request: RecordedRequest) => {
    const body = request.body as { messages?: { role: string }[]; tools?: { name: string }[] } | undefined;
    const isMain = (body?.tools ?? []).some((tool) => tool.name === "Bash");
    if (!isMain) return textTurn("ok");
    const answered = (body?.messages ?? []).filter((message) => message.role === "assistant").length;
    const file = join(project, "src", "app.ts");
    const id = (name: string) => `toolu_${name}_${answered}`;
    // Each answer has its own message id: agents join answers that share one.
    const answer = (content: BlockSpec[]) => turn({ id: `msg_bench_${answered}_${crypto.randomUUID().slice(0, 8)}`, content });
    if (answered === 0) {
      return answer([
        { type: "text", text: "Looking around." },
        { type: "tool_use", id: id("read"), name: "Read", input: { file_path: file } },
        { type: "tool_use", id: id("grep"), name: "Grep", input: { pattern: "TODO" } },
        { type: "tool_use", id: id("glob"), name: "Glob", input: { pattern: "**/*.ts" } },
      ]);
    }
    if (answered === 1) return answer([{ type: "tool_use", id: id("edit"), name: "Edit", input: { file_path: file, old_string: "  // TODO fix the sign\n  return a - b;", new_string: "  return a + b;" } }]);
    if (answered === 2) return answer([{ type: "tool_use", id: id("bash"), name: "Bash", input: { command: "echo build ok" } }]);
    return answer([{ type: "text", text: "Fixed the sign in add(); the build says ok." }]);
  };
}

interface Measured {
  ms: number;
  peakBytes: number;
}

function highWaterMark(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match === null ? 0 : Number(match[1]) * 1024;
  } catch {
    return 0;
  }
}

/** One run in a fresh copy of the project; fails loudly unless the session ran to its end. */
async function runSession(command: string, server: MessagesApiServer, template: string, home: string): Promise<Measured> {
  const project = join(benchDirectory, "session", "run");
  rmSync(project, { recursive: true, force: true });
  cpSync(template, project, { recursive: true });
  for (let index = 0; index < 8; index++) server.push(scripted(project));
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    TOOLSHED_CONFIG_DIR: join(home, ".toolshed"),
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: "bench-key",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  };
  const started = performance.now();
  const child = Bun.spawn([command, "-p", PROMPT, "--output-format", "json", ...ALLOWED], { cwd: project, env, stdout: "pipe", stderr: "pipe" });
  let peak = 0;
  let running = true;
  void child.exited.then(() => (running = false));
  const output = Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  while (running) {
    peak = Math.max(peak, highWaterMark(child.pid));
    await Bun.sleep(2);
  }
  const ms = performance.now() - started;
  const [stdout, stderr] = await output;
  const code = await child.exited;
  const edited = readFileSync(join(project, "src", "app.ts"), "utf8");
  if (code !== 0 || !stdout.includes("Fixed the sign") || !edited.includes("a + b")) {
    throw new Error(`${command} did not finish the scripted session (exit ${code}):\n${stdout.slice(-1500)}\n${stderr.slice(0, 800)}`);
  }
  return { ms, peakBytes: peak };
}

export const sessionBenchmark: Benchmark = {
  name: "session",
  async run() {
    const toolshed = await publicBinary();
    const leading = leadingAgent();
    if (leading === undefined) return [];
    const folder = join(benchDirectory, "session");
    const template = join(folder, "template");
    const home = join(folder, "home");
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(home, { recursive: true });
    writeProject(template);
    const server = await startMessagesApiServer();
    try {
      // One warm-up each: the page cache, and the leading agent's first-run files.
      await runSession(toolshed, server, template, home);
      await runSession(leading, server, template, home);
      const ours: Measured[] = [];
      const theirs: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ours.push(await runSession(toolshed, server, template, home));
        theirs.push(await runSession(leading, server, template, home));
      }
      const time = { ours: median(ours.map((run) => run.ms)), theirs: median(theirs.map((run) => run.ms)) };
      const memory = { ours: median(ours.map((run) => run.peakBytes)), theirs: median(theirs.map((run) => run.peakBytes)) };
      const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
      return [
        { name: "session wall time", value: time.ours / time.theirs, goal: 0.5, detail: `${time.ours.toFixed(0)} ms vs ${time.theirs.toFixed(0)} ms for the leading agent ${LEADING_AGENT_VERSION}` },
        { name: "session peak memory", value: memory.ours / memory.theirs, goal: 0.5, detail: `${mib(memory.ours)} MiB vs ${mib(memory.theirs)} MiB` },
      ];
    } finally {
      await server.close();
    }
  },
};
