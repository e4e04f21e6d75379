/**
 * Lists files with `rg --files`, which walks in another process while this one works on the
 * names already listed (Glob stats each match). Its choice of files is the built-in walk's.
 */
import { trackChildProcess, untrackChildProcess } from "../tasks/processGroups.ts";
import { keptBelow } from "./ignoreRules.ts";
import type { ListFilesOptions, ListedFiles, VisitFile } from "./listFilesTypes.ts";

/** How long ripgrep may list nothing before it is taken to be stuck. */
export const RIPGREP_SILENCE_MS = 1500;

/** The type name the name filter is given on ripgrep's command line. */
const NAME_TYPE = "toolshedname";

/** ripgrep's arguments for a listing. */
export function listingArguments(options: ListFilesOptions): string[] {
  // One core is left for the caller's own work on the names.
  const threads = Math.max(1, navigator.hardwareConcurrency - 1);
  const args = ["--files", "--null", "--no-config", "--no-ignore-global", "--no-messages", "--threads", String(threads)];
  if (options.hidden) args.push("--hidden");
  // A type, not --glob: a glob would override the ignore files for the files it names.
  // ripgrep's `?` is one byte, Bun's one character: a `*` lets every such name through (the caller filters).
  if (options.nameFilter !== undefined) args.push("--type-add", `${NAME_TYPE}:${options.nameFilter.replaceAll("?", "*")}`, "--type", NAME_TYPE);
  args.push("--", options.root);
  return args;
}

/**
 * Hands each file ripgrep lists to `visit`; undefined when ripgrep could not run at all (the
 * caller walks instead). Stops at the deadline or abort, killing ripgrep.
 */
export async function listFilesRipgrep(rgPath: string, options: ListFilesOptions, visit: VisitFile): Promise<ListedFiles | undefined> {
  if (options.signal?.aborted) return { timedOut: false };
  let child: Bun.Subprocess<"ignore", "pipe", "ignore">;
  try {
    child = Bun.spawn([rgPath, ...listingArguments(options)], { cwd: options.root, stdin: "ignore", stdout: "pipe", stderr: "ignore" });
  } catch {
    return undefined;
  }
  trackChildProcess(child.pid);
  void child.exited.then(() => untrackChildProcess(child.pid));
  let timedOut = false;
  // Silent for long, ripgrep may be stuck on an ignore file that is a pipe or a device (which the
  // walk refuses to read): it is stopped, and with nothing listed the caller walks instead.
  let silent = false;
  const silence = setTimeout(() => {
    silent = true;
    child.kill();
  }, RIPGREP_SILENCE_MS);
  const stop = () => child.kill();
  options.signal?.addEventListener("abort", stop, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill();
  }, Math.max(0, options.deadline - Date.now()));
  const prefix = options.root.endsWith("/") ? options.root : `${options.root}/`;
  // A type matches hidden files too: one without --hidden is kept only where an ignore file's
  // `!pattern` keeps it, as the walk does.
  let kept: ((path: string) => boolean) | undefined;
  const keep = (path: string) => (kept ??= keptBelow(prefix.slice(0, -1) || "/", false))(path);
  let listed = 0;
  const take = (path: string) => {
    if (!path.startsWith(prefix)) return;
    const relativePath = path.slice(prefix.length);
    listed++;
    if (options.nameFilter !== undefined && !options.hidden && isHiddenName(path) && !keep(path)) return;
    visit(path, relativePath);
  };
  try {
    const decoder = new TextDecoder();
    let pending = "";
    for await (const chunk of child.stdout) {
      clearTimeout(silence);
      if (Date.now() > options.deadline) timedOut = true;
      if (timedOut || options.signal?.aborted) {
        child.kill();
        break;
      }
      pending += decoder.decode(chunk, { stream: true });
      let from = 0;
      for (let end = pending.indexOf("\0"); end !== -1; end = pending.indexOf("\0", from)) {
        take(pending.slice(from, end));
        from = end + 1;
      }
      pending = pending.slice(from);
    }
    const exitCode = await child.exited;
    const stopped = timedOut || options.signal?.aborted === true;
    // Ended by a signal nobody here sent (killed for memory, say): what it listed may not be all.
    // (Gone silent, it listed nothing.)
    const cutShort = !stopped && (silent || child.signalCode !== null);
    // Nothing listed and exit status 2 or cut short: ripgrep failed (not merely a folder it could not read).
    if (listed === 0 && !stopped && (exitCode === 2 || cutShort)) return undefined;
    return cutShort ? { timedOut, incomplete: `ripgrep ended early (${child.signalCode}): the list may not be complete` } : { timedOut };
  } finally {
    clearTimeout(timer);
    clearTimeout(silence);
    options.signal?.removeEventListener("abort", stop);
    child.kill();
  }
}

function isHiddenName(path: string): boolean {
  return path.charCodeAt(path.lastIndexOf("/") + 1) === 46; /* "." */
}
