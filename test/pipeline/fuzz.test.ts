/**
 * Fuzzing every tool through runToolUse: a seeded stream of random and adversarial inputs
 * (wrong types, missing and unknown parameters, deep nesting, huge strings, NUL bytes, special
 * files: pipes, devices, symlink loops, /proc) for every tool of every flavor. Each call must
 * give a well-formed tool_result within the tool's size limit, and toolshed must log no error
 * of its own (logError writes <session>/errors.log: it must not exist at the end).
 * TOOLSHED_FUZZ_SEED picks another seed (a failure prints the seed and the call);
 * TOOLSHED_FUZZ_STATS=1 prints how far the calls got (stage per tool) and where the time went.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { closeSync, existsSync, ftruncateSync, linkSync, mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyTool, ToolUseContext } from "../../src/Tool.ts";
import { toolResultText } from "../../src/Tool.ts";
import { nonInteractiveAskHandler } from "../../src/permissions/askHandler.ts";
import { createCanUseTool } from "../../src/permissions/createCanUseTool.ts";
import { MAX_ERROR_RESULT_CHARS } from "../../src/pipeline/limits.ts";
import { runToolUse } from "../../src/pipeline/runToolUse.ts";
import type { Session } from "../../src/session/createSession.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import { ConfigTool } from "../../src/tools/ConfigTool/ConfigTool.ts";
import { CronCreateTool } from "../../src/tools/CronCreateTool/CronCreateTool.ts";
import { CronDeleteTool } from "../../src/tools/CronDeleteTool/CronDeleteTool.ts";
import { CronListTool } from "../../src/tools/CronListTool/CronListTool.ts";
import { MonitorTool } from "../../src/tools/MonitorTool/MonitorTool.ts";
import { RemoteTriggerTool } from "../../src/tools/RemoteTriggerTool/RemoteTriggerTool.ts";
import { REPLTool } from "../../src/tools/REPLTool/REPLTool.ts";
import { SleepTool } from "../../src/tools/SleepTool/SleepTool.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../helpers/settingsSandbox.ts";
import { makeFifo } from "../helpers/specialFiles.ts";
import { createTestSession } from "../helpers/testSession.ts";
import { seededRandom as createRandom } from "../helpers/seededRandom.ts";

const SEED = Number(process.env.TOOLSHED_FUZZ_SEED ?? 20_261_201);
const CALLS = 3000;
/** Every call is interrupted after this long: a call that would wait longer still has to answer. */
const CALL_DEADLINE_MS = 800;
/** The whole run stops starting calls after this long, so the suite stays fast on a slow machine. */
const RUN_BUDGET_MS = 15_000;


const random = createRandom(SEED);
const chance = (probability: number) => random() < probability;
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

let sandbox: SettingsSandbox;
let root: string;
let session: Session;

function nested(depth: number): unknown {
  let value: unknown = "leaf";
  for (let level = 0; level < depth; level++) value = chance(0.5) ? [value] : { deeper: value };
  return value;
}

const HUGE = "h".repeat(300_000);
const NOTEBOOK = JSON.stringify({ cells: [{ id: "a1", cell_type: "code", source: ["x = 1"], outputs: [], execution_count: null, metadata: {} }], metadata: {}, nbformat: 4, nbformat_minor: 5 });

/** The machine the tools meet: ordinary files and every kind of awkward one, all inside the sandbox. */
function makeFiles(folder: string): void {
  writeFileSync(join(folder, "a.txt"), "alpha\nneedle\nbeta\n");
  writeFileSync(join(folder, "crlf.txt"), "one\r\ntwo\r\n");
  writeFileSync(join(folder, "binary.bin"), Buffer.from([0, 1, 2, 255, 254, 0]));
  writeFileSync(join(folder, "nb.ipynb"), NOTEBOOK);
  writeFileSync(join(folder, "linked.txt"), "shared\n");
  linkSync(join(folder, "linked.txt"), join(folder, "other-name.txt"));
  writeFileSync(join(folder, "n".repeat(255)), "long name\n");
  mkdirSync(join(folder, "sub", "deeper"), { recursive: true });
  writeFileSync(join(folder, "sub", "deeper", "b.txt"), "needle\n");
  mkdirSync(join(folder, "x.ipynb"));
  makeFifo(join(folder, "fifo"));
  makeFifo(join(folder, "fifo.ipynb"));
  symlinkSync(join(folder, "loop"), join(folder, "loop"));
  symlinkSync(join(folder, "missing"), join(folder, "dangling"));
  symlinkSync("/dev/zero", join(folder, "zero.ipynb"));
  const big = openSync(join(folder, "big.txt"), "w");
  ftruncateSync(big, 40 * 1024 * 1024);
  closeSync(big);
}

function paths(): string[] {
  return [
    join(root, "a.txt"), join(root, "crlf.txt"), join(root, "binary.bin"), join(root, "nb.ipynb"), join(root, "linked.txt"),
    join(root, "n".repeat(255)), join(root, "sub"), join(root, "sub", "deeper", "b.txt"), join(root, "x.ipynb"), join(root, "fifo"),
    join(root, "fifo.ipynb"), join(root, "loop"), join(root, "dangling"), join(root, "zero.ipynb"), join(root, "big.txt"),
    join(root, `new-${Math.floor(random() * 20)}.txt`), join(root, "made", `n${Math.floor(random() * 5)}`, "new.ipynb"),
    join(root, "a.txt", "under-a-file"), join(root, `${"m".repeat(256)}.txt`), `${root}/${"p".repeat(1_000_000)}`,
    join(root, "nul\0byte"), "/dev/null", "/dev/zero", "/dev/full", "/proc/cpuinfo", "/proc/self/mem", "relative.txt", "", ".",
  ];
}

const STRINGS = ["", "a", "needle", " ", "\n", "\0", "a\0b", "é🙂\u202e", "../../etc/passwd", "*", "**/*", "(", "[", "\\", "(?=x)", "a{1000000}", "-e", "--help", "%s%n", "x".repeat(20_000), HUGE];
const NUMBERS = [0, -1, 1, 2, 3.5, 100, 1e9, Number.MAX_SAFE_INTEGER, -0];

/** Any value at all, of any type. */
function anyValue(depth = 0): unknown {
  switch (Math.floor(random() * 10)) {
    case 0: return pick(STRINGS);
    case 1: return pick(NUMBERS);
    case 2: return chance(0.5);
    case 3: return null;
    case 4: return undefined;
    case 5: return depth > 3 ? [] : Array.from({ length: Math.floor(random() * 3) }, () => anyValue(depth + 1));
    case 6: return depth > 3 ? {} : { key: anyValue(depth + 1), [pick(STRINGS)]: anyValue(depth + 1) };
    case 7: return nested(chance(0.5) ? 70 : 100_000);
    case 8: return String(pick(NUMBERS));
    default: return pick(paths());
  }
}

const SAFE_COMMANDS = [
  "echo hi", "true", "false", "exit 7", "echo err >&2; exit 2", "sleep 0.05", "cd sub && pwd", "cd /", "pwd", "ls",
  "cat a.txt", "yes | head -c 200000", "printf 'x%.0s' $(seq 1 40000)", "echo $TOOLSHED_TAGS | wc -w", "kill -9 $$", "sleep 1 & echo left",
];

/** Mostly `common`, now and then one of `rare` (the slow ones: each costs up to a call's deadline). */
function mostly<T>(common: readonly T[], rare: readonly T[]): T {
  return chance(0.03) ? pick(rare) : pick(common);
}

type Generator = () => unknown;
const path: Generator = () => pick(paths());
const text: Generator = () => pick(STRINGS);
const bool: Generator = () => chance(0.5);
const count: Generator = () => mostly([0, 1, 2, 5, 250], [-1, 1.5]);

/** Plausible parameters for each tool; the fuzz mixes them with anything at all. */
const SHAPES: Record<string, Record<string, Generator>> = {
  Read: { file_path: path, offset: count, limit: count, pages: () => mostly([undefined], ["1", "1-3", "x", "0", "5-1"]) },
  Write: { file_path: path, content: text },
  Edit: { file_path: path, old_string: () => pick(["alpha", "needle", "", "one", "missing", "x"]), new_string: text, replace_all: bool },
  NotebookEdit: { notebook_path: path, cell_id: () => pick(["a1", "cell-0", "nope", ""]), new_source: text, cell_type: () => pick(["code", "markdown", "raw"]), edit_mode: () => pick(["replace", "insert", "delete", "append"]) },
  Glob: { pattern: () => pick(["**/*", "*.txt", `${root}/**/*.txt`, "{a,b}", "[", "\0", "**/**/**/*", "x".repeat(20_000)]), path: () => pick([root, join(root, "sub"), join(root, "a.txt"), join(root, "fifo"), join(root, "loop"), "/dev/zero", ""]) },
  Grep: {
    pattern: () => mostly(["needle", "(", "(?i)NEEDLE", "\\bneedle\\b", ".*", "[", "a{2,}", "(a|b)+", "\\x00"], ["a\0b", "x".repeat(20_000)]),
    path: () => pick([root, join(root, "a.txt"), join(root, "fifo"), join(root, "zero.ipynb"), "/dev/zero", join(root, "big.txt"), join(root, "loop"), ""]),
    glob: () => mostly(["*.txt", "{", "!**", "**/*.ipynb"], ["*\0"]), type: () => pick(["js", "nope", "", "py"]),
    output_mode: () => mostly(["content", "files_with_matches", "count"], ["lines"]), "-i": bool, "-n": bool, "-o": bool,
    "-A": count, "-B": count, "-C": count, head_limit: count, offset: count, multiline: bool,
  },
  LS: { path: () => pick([root, join(root, "sub"), join(root, "a.txt"), join(root, "fifo"), join(root, "loop"), "/dev/null", "relative"]), ignore: () => pick([["*.txt"], ["["], [], "*.txt"]) },
  Bash: { command: () => mostly(SAFE_COMMANDS, ["sleep 5"]), timeout: () => pick([50, 300, 1000, 0, -5, 600_001]), description: text, run_in_background: () => chance(0.15) },
  TaskOutput: { task_id: () => pick(["bash_1", "bash_2", "bash_3", "nope", ""]), block: () => chance(0.2), timeout: () => mostly([0, 50, -1], [30_000]) },
  TaskStop: { task_id: () => pick(["bash_1", "bash_2", "bash_3", "nope", ""]) },
  Sleep: { seconds: () => mostly([0.001, 0.01, 0, -1, 1e9, "0.01"], [5]) },
  Monitor: { description: text, command: () => mostly(["echo ready", "echo a; echo b", "exit 3", "yes | head -c 100000"], ["sleep 5"]), timeout_ms: () => pick([50, 100, 0]), until: () => pick(["ready", "(", "b$", ""]) },
  CronCreate: { cron: () => pick(["0 9 * * 1-5", "* * * * *", "61 * * * *", "nonsense", ""]), prompt: text, recurring: bool, durable: bool },
  CronList: {},
  CronDelete: { id: () => pick(["nope", "", "x".repeat(1000)]) },
  RemoteTrigger: { action: () => pick(["list", "get", "create", "update", "run", "drop"]), trigger_id: text, body: () => ({ name: pick(STRINGS) }) },
  REPL: { code: () => pick(["1 + 1", "return 2", `return await Read({ file_path: ${JSON.stringify(join(root, "a.txt"))} })`, "throw new Error('x')", "return 'x'.repeat(1e6)", "return ({}).constructor", "await Sleep({ seconds: 0.01 })"]) },
  Config: { setting: () => pick(["model", "permissions.allow", "nope", "", "model.deeper"]), value: () => pick(["claude-sonnet-4-5", 5, true, "x".repeat(20_000)]) },
  Agent: { description: text, prompt: text, subagent_type: () => pick(["general-purpose", "Explore", "nope"]), run_in_background: bool },
  TodoWrite: { todos: () => [{ content: pick(STRINGS), status: pick(["pending", "in_progress", "completed", "done"]), activeForm: pick(STRINGS) }] },
  AskUserQuestion: { questions: () => [{ question: pick(STRINGS), header: "h", options: [{ label: "a", description: "b" }, { label: "c", description: "d" }], multiSelect: bool() }] },
  EnterPlanMode: {},
  ExitPlanMode: { plan: text },
  ListMcpResources: { server: text },
  ReadMcpResource: { server: text, uri: () => pick(["file:///x", "", "\0"]) },
};

/** The parameters each tool needs; plausible calls always give them. */
const REQUIRED: Record<string, readonly string[]> = {
  Read: ["file_path"], Write: ["file_path", "content"], Edit: ["file_path", "old_string", "new_string"], NotebookEdit: ["notebook_path", "new_source"],
  Glob: ["pattern"], Grep: ["pattern"], LS: ["path"], Bash: ["command"], TaskOutput: ["task_id"], TaskStop: ["task_id"], Sleep: ["seconds"],
  Monitor: ["description", "command"], CronCreate: ["cron", "prompt"], CronDelete: ["id"], RemoteTrigger: ["action"], REPL: ["code"], Config: ["setting"],
  Agent: ["description", "prompt"], TodoWrite: ["todos"], AskUserQuestion: ["questions"], ReadMcpResource: ["server", "uri"],
};

/** One call's input: mostly plausible, sometimes broken in one of the ways models break them. */
function inputFor(name: string): unknown {
  const shape = SHAPES[name] ?? {};
  if (chance(0.05)) return anyValue();
  const input: Record<string, unknown> = {};
  // Half the calls are plausible (fewer, well-typed parameters), so they reach the tool itself.
  const plausible = chance(0.5);
  for (const [key, generate] of Object.entries(shape)) {
    if (plausible ? chance(0.4) || REQUIRED[name]?.includes(key) : chance(0.8)) input[key] = plausible || chance(0.95) ? generate() : anyValue();
  }
  if (chance(0.05)) input[pick(["extra", "file_path", "__proto__", "constructor"])] = anyValue();
  return input;
}

function allTools(): AnyTool[] {
  return [...getAllBaseTools(), SleepTool, MonitorTool, CronCreateTool, CronListTool, CronDeleteTool, RemoteTriggerTool, REPLTool, ConfigTool];
}

/** No call may reach a real model: no credentials, and requests go to a closed local port. */
const MODEL_VARIABLES = ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL"] as const;
const savedModelVariables = MODEL_VARIABLES.map((name) => [name, process.env[name]] as const);

beforeAll(async () => {
  for (const name of MODEL_VARIABLES) delete process.env[name];
  process.env.ANTHROPIC_BASE_URL = "http://127.0.0.1:9";
  sandbox = createSettingsSandbox("toolshed-fuzz-");
  root = sandbox.project;
  makeFiles(root);
  const tools = allTools();
  session = await createTestSession({ cwd: root, tools, allow: tools.map((tool) => tool.name), sessionDirectory: join(sandbox.root.path, "session") });
});

afterAll(async () => {
  delete process.env.TOOLSHED_GREP_ENGINE;
  await session.close();
  sandbox.restore();
  for (const [name, value] of savedModelVariables) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** A context of its own for one call, interrupted at the deadline. */
function callContext(context: ToolUseContext): { context: ToolUseContext; done(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_DEADLINE_MS);
  return { context: { ...context, abortController: controller }, done: () => clearTimeout(timer) };
}

function isWellFormed(block: unknown, id: string): boolean {
  if (typeof block !== "object" || block === null) return false;
  const { type, tool_use_id, content, is_error } = block as Record<string, unknown>;
  if (type !== "tool_result" || tool_use_id !== id) return false;
  if (is_error !== undefined && typeof is_error !== "boolean") return false;
  if (content === undefined || typeof content === "string") return true;
  return Array.isArray(content) && content.every((part) => typeof part === "object" && part !== null && ["text", "image", "document"].includes((part as { type?: unknown }).type as string));
}

test(`every tool answers random and adversarial input with a well-formed, bounded result and no internal error (seed ${SEED})`, async () => {
  const tools = allTools();
  const names = [...tools.map((tool) => tool.name), "NoSuchTool", "", "read"];
  const canUseTool = createCanUseTool(nonInteractiveAskHandler);
  const started = Date.now();
  let calls = 0;
  const stats = new Map<string, number>();
  const timings = new Map<string, number>();
  let context = session.context;
  for (; calls < CALLS && Date.now() - started < RUN_BUDGET_MS; calls++) {
    const name = pick(names);
    const id = `toolu_fuzz_${calls}`;
    const input = inputFor(name);
    // Grep runs on ripgrep or on the built-in engine, half and half.
    if (chance(0.5)) process.env.TOOLSHED_GREP_ENGINE = "builtin";
    else delete process.env.TOOLSHED_GREP_ENGINE;
    const scoped = callContext(context);
    const callStarted = Date.now();
    const outcome = await runToolUse({ toolUse: { id, name, input }, context: scoped.context, canUseTool });
    scoped.done();
    if (process.env.TOOLSHED_FUZZ_STATS) {
      const key = `${name} ${outcome.stage}`;
      stats.set(key, (stats.get(key) ?? 0) + 1);
      timings.set(name, (timings.get(name) ?? 0) + (Date.now() - callStarted));
    }
    const where = () => `seed ${SEED}, call ${calls}: ${name} ${JSON.stringify(input, (_key, value) => (typeof value === "string" && value.length > 200 ? `${value.slice(0, 200)}...` : value))?.slice(0, 600)}`;
    if (!isWellFormed(outcome.result, id)) throw new Error(`malformed result at ${where()}: ${JSON.stringify(outcome.result).slice(0, 500)}`);
    const tool = tools.find((candidate) => candidate.name === outcome.tool?.name);
    // An error the pipeline made (stage other than "done") is cut to MAX_ERROR_RESULT_CHARS; a result the tool made (an error too, at times) to the tool's own limit.
    const toolLimit = tool?.maxResultSizeChars ?? MAX_ERROR_RESULT_CHARS;
    const limit = outcome.stage === "done" ? toolLimit : Math.min(MAX_ERROR_RESULT_CHARS, toolLimit);
    const shown = toolResultText(outcome.result);
    if (shown.length > limit) throw new Error(`result of ${shown.length} characters over the limit ${limit} at ${where()}`);
    if (shown.includes("toolshed failed while running")) throw new Error(`internal failure at ${where()}: ${shown.slice(0, 500)}`);
    const errorsLog = join(session.context.sessionDirectory, "errors.log");
    if (existsSync(errorsLog)) throw new Error(`toolshed logged an error of its own at ${where()}:\n${readFileSync(errorsLog, "utf8").slice(0, 2000)}`);
    // As the scheduler would: the call's state change applies before the next call.
    context = outcome.contextModifier?.(context) ?? context;
    // EnterPlanMode would make every later write a permission denial: plan mode is left again soon.
    if (context.getAppState().toolPermissionContext.mode === "plan" && chance(0.2)) {
      context.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode: "default" } }));
    }
  }
  expect(calls).toBeGreaterThan(500);
  if (process.env.TOOLSHED_FUZZ_STATS) console.log([...stats].sort().join("\n"), "\n", [...timings].sort((a, b) => b[1] - a[1]).join("\n"));
  console.log(`fuzz: ${calls} calls in ${Date.now() - started} ms (seed ${SEED})`);
}, 60_000);
