/** Runs code as the body of an async function in a new node:vm context with the given globals. */
import { createContext, Script } from "node:vm";
import { MAX_REPL_OUTPUT_CHARS, REPL_SYNC_TIMEOUT_MS } from "./prompt.ts";

export interface VmRun {
  /** Captured console output, one entry per call. */
  logs: string[];
  /** The returned value, inspected; undefined when nothing was returned. */
  value?: string;
}

/** Thrown when the code itself throws (or its promise rejects); carries what it logged first. */
export class VmCodeError extends Error {
  override readonly name = "VmCodeError";
  constructor(message: string, readonly logs: string[]) {
    super(message);
  }
}

function inspect(value: unknown): string {
  const text = typeof value === "string" ? value : Bun.inspect(value, { depth: 6 });
  return text.length > MAX_REPL_OUTPUT_CHARS ? `${text.slice(0, MAX_REPL_OUTPUT_CHARS)}...` : text;
}

function capturingConsole(logs: string[]) {
  let size = 0;
  const write = (level: string) => (...values: unknown[]) => {
    if (size > MAX_REPL_OUTPUT_CHARS) return;
    const line = `${level}${values.map(inspect).join(" ")}`;
    size += line.length;
    logs.push(size > MAX_REPL_OUTPUT_CHARS ? `${line.slice(0, MAX_REPL_OUTPUT_CHARS)}... (further output dropped)` : line);
  };
  return { log: write(""), info: write(""), warn: write("warn: "), error: write("error: ") };
}

/** Waits for `promise`, or rejects when `signal` aborts or `timeoutMs` passes. */
function settleWithin<T>(promise: Promise<T>, signal: AbortSignal, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new VmCodeError(`the code did not finish within ${timeoutMs / 1000} seconds`, []))), timeoutMs);
    const onAbort = () => finish(() => reject(new VmCodeError("interrupted", [])));
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      settle();
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then((value) => finish(() => resolve(value)), (error: unknown) => finish(() => reject(error)));
  });
}

function describeThrown(error: unknown): string {
  if (error !== null && typeof error === "object" && "message" in error) {
    const name = "name" in error && typeof error.name === "string" ? `${error.name}: ` : "";
    return `${name}${String(error.message)}`;
  }
  return inspect(error);
}

/** Runs `code` with `globals` (plus a capturing console) and returns its logs and returned value. */
export async function runInVm(options: {
  code: string;
  globals: Record<string, unknown>;
  signal: AbortSignal;
  timeoutMs: number;
  /** How long the code may run without yielding; REPL_SYNC_TIMEOUT_MS by default. */
  syncTimeoutMs?: number;
}): Promise<VmRun> {
  const logs: string[] = [];
  const context = createContext({ ...options.globals, console: capturingConsole(logs) }, {
    name: "toolshed REPL",
    codeGeneration: { strings: false, wasm: false },
  });
  let script: Script;
  try {
    script = new Script(`(async () => {\n${options.code}\n})()`, { filename: "repl.js" });
  } catch (error) {
    throw new VmCodeError(`the code does not parse: ${describeThrown(error)}`, logs);
  }
  try {
    const pending = script.runInContext(context, { timeout: options.syncTimeoutMs ?? REPL_SYNC_TIMEOUT_MS }) as Promise<unknown>;
    const value = await settleWithin(Promise.resolve(pending), options.signal, options.timeoutMs);
    return { logs, value: value === undefined ? undefined : inspect(value) };
  } catch (error) {
    if (error instanceof VmCodeError) throw new VmCodeError(error.message, logs);
    throw new VmCodeError(describeThrown(error), logs);
  }
}
