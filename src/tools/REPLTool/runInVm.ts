/**
 * Runs code as the body of an async function in a new node:vm context. The context's microtasks
 * run only while the host "pumps" it under a timeout, so no stretch of the code, before or after
 * an await, can run longer than the synchronous limit; the whole run is bounded by `timeoutMs`.
 */
import { createContext, Script } from "node:vm";
import { MAX_REPL_OUTPUT_CHARS, REPL_SYNC_TIMEOUT_MS } from "./prompt.ts";
import { trackVmRejections } from "./vmRejections.ts";
import { REMOVED_GLOBALS, VM_INSTALLER_SOURCE } from "./vmInstallerSource.ts";

export interface VmRun {
  /** Captured console output, one entry per call. */
  logs: string[];
  /** The returned value, shown as text; undefined when nothing was returned. */
  value?: string;
}

/** What a tool call made from the code came to: its result text, and whether it failed. */
export interface VmToolReply {
  ok: boolean;
  text: string;
}

/** Thrown when the code itself throws (or its promise rejects); carries what it logged first. */
export class VmCodeError extends Error {
  override readonly name = "VmCodeError";
  constructor(message: string, readonly logs: string[]) {
    super(message);
  }
}

type Deliver = (id: number, ok: boolean, text: string) => void;

let compiled: { installer: Script; pumpScript: Script } | undefined;

/** The two fixed scripts, compiled on the first run rather than at import (internal builds load this tool at every start). */
function fixedScripts(): { installer: Script; pumpScript: Script } {
  compiled ??= {
    installer: new Script(VM_INSTALLER_SOURCE, { filename: "toolshed-repl-installer.js" }),
    pumpScript: new Script("void 0", { filename: "toolshed-repl-pump.js" }),
  };
  return compiled;
}

function cut(text: string): string {
  return text.length > MAX_REPL_OUTPUT_CHARS ? `${text.slice(0, MAX_REPL_OUTPUT_CHARS)}...` : text;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === "ERR_SCRIPT_EXECUTION_TIMEOUT";
}

/** Runs `code` with `toolNames` as async functions (served by `callTool`) and returns its logs and value. */
export function runInVm(options: {
  code: string;
  toolNames?: readonly string[];
  callTool?: (name: string, input: unknown, signal: AbortSignal) => Promise<VmToolReply>;
  signal: AbortSignal;
  timeoutMs: number;
  /** How long the code may run without yielding; REPL_SYNC_TIMEOUT_MS by default. */
  syncTimeoutMs?: number;
}): Promise<VmRun> {
  const syncTimeoutMs = options.syncTimeoutMs ?? REPL_SYNC_TIMEOUT_MS;
  const toolNames = [...(options.toolNames ?? [])];
  const logs: string[] = [];
  let logSize = 0;
  const calls = new AbortController();
  return new Promise<VmRun>((resolve, reject) => {
    let finished = false;
    let nextCallId = 1;
    let untrack = () => {};
    const finish = (settle: () => void) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      calls.abort(); // Tool calls still running for the code are stopped with it.
      setImmediate(untrack); // Rejections from the last pump are reported after this turn.
      settle();
    };
    const fail = (message: string) => finish(() => reject(new VmCodeError(message, logs)));
    const timer = setTimeout(() => fail(`the code did not finish within ${options.timeoutMs / 1000} seconds`), options.timeoutMs);
    const onAbort = () => fail("interrupted");
    if (options.signal.aborted) return onAbort();
    options.signal.addEventListener("abort", onAbort, { once: true });

    const context = createContext(Object.create(null), {
      name: "toolshed REPL",
      codeGeneration: { strings: false, wasm: false },
      microtaskMode: "afterEvaluate",
    });
    untrack = trackVmRejections(logs);
    const { installer, pumpScript } = fixedScripts();
    // Runs what the code queued (continuations after awaits) under the synchronous limit.
    const pump = () => {
      if (finished) return;
      try {
        pumpScript.runInContext(context, { timeout: syncTimeoutMs });
      } catch (error) {
        fail(isTimeout(error) ? `the code ran for ${syncTimeoutMs / 1000} seconds without awaiting and was stopped` : String(error));
      }
    };
    const log = (level: string, text: string) => {
      if (logSize > MAX_REPL_OUTPUT_CHARS) return;
      const line = `${level}${text}`;
      logSize += line.length;
      logs.push(logSize > MAX_REPL_OUTPUT_CHARS ? `${line.slice(0, MAX_REPL_OUTPUT_CHARS)}... (further output dropped)` : line);
    };
    let deliver: Deliver = () => {};
    const startCall = (name: string, text: string): number | undefined => {
      if (finished || options.callTool === undefined || !toolNames.includes(name)) return undefined;
      const id = nextCallId++;
      let input: unknown;
      try {
        input = JSON.parse(text);
      } catch {
        input = {};
      }
      options.callTool(name, input, calls.signal)
        .then((reply) => reply, (error: unknown) => ({ ok: false, text: error instanceof Error ? error.message : String(error) }))
        .then((reply) => {
          if (finished) return;
          deliver(id, reply.ok, reply.text);
          pump();
        });
      return id;
    };
    // The one host function the context holds; it accepts only strings.
    const bridge = (kind: unknown, first: unknown, second: unknown): number | undefined => {
      if (kind === "log" && typeof first === "string" && typeof second === "string") log(first, second);
      else if (kind === "call" && typeof first === "string" && typeof second === "string") return startCall(first, second);
      else if (kind === "done" && (first === undefined || typeof first === "string")) finish(() => resolve({ logs, value: first === undefined ? undefined : cut(first) }));
      else if (kind === "fail" && typeof first === "string") fail(cut(first));
      return undefined;
    };

    const runKey = `__toolshedRun${crypto.randomUUID().replaceAll("-", "")}`;
    const install = installer.runInContext(context) as (...values: unknown[]) => Deliver;
    deliver = install(bridge, toolNames, runKey, REMOVED_GLOBALS);
    let script: Script;
    try {
      script = new Script(`${runKey}(async () => {\n${options.code}\n});`, { filename: "repl.js" });
    } catch (error) {
      return fail(`the code does not parse: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
    try {
      script.runInContext(context, { timeout: syncTimeoutMs });
    } catch (error) {
      // A throw here escaped run(); show only its text: it may be an object of the context.
      return fail(isTimeout(error) ? `the code ran for ${syncTimeoutMs / 1000} seconds without awaiting and was stopped` : "the code broke out of its function body");
    }
    pump();
  });
}
