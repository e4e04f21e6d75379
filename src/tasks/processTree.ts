/**
 * Finding every process a command started, wherever it went: its process group, its
 * descendants by parent, and any process carrying its environment tag. Read from /proc (Linux);
 * elsewhere only the process group can be found, and callers say so.
 */
import { closeSync, openSync, readdirSync, readSync } from "node:fs";
import { TAGS_VARIABLE } from "./processTags.ts";

/** One process, as /proc describes it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
}

/** The most of a process's environment that is read to find its tags. */
const MAX_ENVIRONMENT_BYTES = 1024 * 1024;
/** Made on the first scan: start-up never pays for them. */
let environmentBuffer: Buffer | undefined;
let tagsPrefix: Buffer | undefined;
let statBuffer: Buffer | undefined;

/** A stat line is a few hundred bytes; reading more is never needed. */
const MAX_STAT_BYTES = 4096;

/** A /proc file's first `buffer.length` bytes, as text; undefined when it cannot be read. */
function readProcFile(path: string, buffer: Buffer): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    return buffer.toString("latin1", 0, readSync(descriptor, buffer, 0, buffer.length, 0));
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}

/** Parses /proc/<pid>/stat; undefined for a zombie (it runs no more) or a process gone meanwhile. */
function readProcess(pid: number): ProcessInfo | undefined {
  const stat = readProcFile(`/proc/${pid}/stat`, (statBuffer ??= Buffer.allocUnsafe(MAX_STAT_BYTES)));
  if (stat === undefined) return undefined;
  // The command name is in parentheses and may hold spaces or parentheses: fields start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields[0] === "Z" || fields[0] === "X") return undefined;
  return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]) };
}

/** Every live process, or undefined where there is no /proc to read them from. */
export function listProcesses(): ProcessInfo[] | undefined {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return undefined;
  }
  if (!names.includes("self")) return undefined;
  const processes: ProcessInfo[] = [];
  for (const name of names) {
    const first = name.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    const info = readProcess(Number(name));
    if (info !== undefined) processes.push(info);
  }
  return processes;
}

/** The tags in a process's environment (empty when it has none, or it cannot be read). */
export function processTags(pid: number): string[] {
  let descriptor: number;
  try {
    descriptor = openSync(`/proc/${pid}/environ`, "r");
  } catch {
    return [];
  }
  let length = 0;
  environmentBuffer ??= Buffer.allocUnsafe(MAX_ENVIRONMENT_BYTES);
  try {
    // A NUL in front, so the variable is found at the very start as well as after another.
    environmentBuffer[0] = 0;
    length = 1 + readSync(descriptor, environmentBuffer, 1, MAX_ENVIRONMENT_BYTES - 1, 0);
  } catch {
    return [];
  } finally {
    closeSync(descriptor);
  }
  const bytes = environmentBuffer.subarray(0, length);
  const prefix = (tagsPrefix ??= Buffer.from(`\0${TAGS_VARIABLE}=`));
  const start = bytes.indexOf(prefix);
  if (start === -1) return [];
  const valueStart = start + prefix.length;
  const end = bytes.indexOf(0, valueStart);
  return bytes.toString("latin1", valueStart, end === -1 ? length : end).split(" ").filter((tag) => tag !== "");
}

/**
 * One reading of /proc (and of the tags asked about), shared by the lookups made in the same turn
 * of the event loop while `shareProcessReads` runs: stopping many tasks at once (a session's
 * close) then reads /proc once per step instead of once per task. A lookup after any wait (the
 * stop's grace period, a sweep's pause) reads afresh, so what a signal did is seen by the next
 * look; outside shareProcessReads (exit, a single stop) every lookup reads afresh.
 */
interface ProcessSnapshot {
  processes: ProcessInfo[];
  tags: Map<number, string[]>;
}
let snapshot: ProcessSnapshot | undefined;
let sharing = 0;

/** Runs `work` with /proc readings shared within each turn of the event loop (see above). */
export async function shareProcessReads<T>(work: () => Promise<T>): Promise<T> {
  sharing++;
  try {
    return await work();
  } finally {
    sharing--;
    if (sharing === 0) snapshot = undefined;
  }
}

function currentSnapshot(): ProcessSnapshot | undefined {
  if (snapshot !== undefined && sharing > 0) return snapshot;
  const processes = listProcesses();
  if (processes === undefined) return undefined;
  const taken: ProcessSnapshot = { processes, tags: new Map() };
  if (sharing === 0) return taken;
  snapshot = taken;
  setImmediate(() => {
    if (snapshot === taken) snapshot = undefined;
  });
  return taken;
}

function hasTag(taken: ProcessSnapshot, pid: number, tag: string): boolean {
  let tags = taken.tags.get(pid);
  if (tags === undefined) {
    tags = processTags(pid);
    taken.tags.set(pid, tags);
  }
  return tags.includes(tag);
}

/**
 * The processes of one command: those in the group `leader` leads, those carrying `tag`, and
 * every descendant of those. toolshed itself is never among them. Undefined without /proc.
 */
export function findCommandProcesses(leader: number, tag: string): number[] | undefined {
  const taken = currentSnapshot();
  if (taken === undefined) return undefined;
  const { processes } = taken;
  const found = new Set<number>();
  for (const info of processes) {
    if (info.pid === process.pid) continue;
    if (info.pid === leader || info.pgid === leader || hasTag(taken, info.pid, tag)) found.add(info.pid);
  }
  // Descendants by parent, however deep: a child that changed its environment is still one.
  const children = new Map<number, number[]>();
  for (const info of processes) {
    const siblings = children.get(info.ppid);
    if (siblings === undefined) children.set(info.ppid, [info.pid]);
    else siblings.push(info.pid);
  }
  const pending = [...found];
  while (pending.length > 0) {
    for (const child of children.get(pending.pop() as number) ?? []) {
      if (child === process.pid || found.has(child)) continue;
      found.add(child);
      pending.push(child);
    }
  }
  return [...found];
}

/** Every live process carrying `tag` (toolshed itself excepted); empty without /proc. */
export function findTaggedProcesses(tag: string): number[] {
  const taken = currentSnapshot();
  if (taken === undefined) return [];
  return taken.processes.filter((info) => info.pid !== process.pid && hasTag(taken, info.pid, tag)).map((info) => info.pid);
}
