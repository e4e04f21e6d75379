/** Glob: file paths matching a pattern, newest first. */
import { realpathSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { resolveSearchPath } from "../../files/resolveFilePath.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { GLOB_TIMEOUT_MS } from "./limits.ts";
import { DESCRIPTION, GLOB_TOOL_NAME, MAX_GLOB_RESULTS, renderPrompt } from "./prompt.ts";
import { lastNameGlob, literalPrefix, splitGlobBase } from "./splitGlobBase.ts";
import { listFiles, type ListedFiles } from "../../search/listFiles.ts";
import { NewestFiles } from "./newestFiles.ts";
import { readRuleFilter } from "../../permissions/readRuleFilter.ts";
import { isFolder, statOrUndefined } from "../../files/statOrUndefined.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  pattern: z.string().check(z.minLength(1), z.describe("The glob pattern to match file paths against")),
  path: z.optional(z.string())
    .check(z.describe("The folder to search in. Leave it out to search the working folder; do not pass null or \"undefined\"")),
});

export interface GlobOutput {
  filenames: string[];
  totalMatches: number;
  truncated: boolean;
  /** True when the walk stopped at GLOB_TIMEOUT_MS: the matches are those found until then. */
  timedOut?: boolean;
  /** Why the listing may have left matches out (it ended early). */
  incomplete?: string;
  /** Matches left out because a deny or ask rule on reading covers them. */
  withheld?: number;
  durationMs: number;
}



function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export const GlobTool = buildTool({
  name: GLOB_TOOL_NAME,
  searchHint: "find files by name pattern wildcard",
  inputSchema,
  maxResultSizeChars: 100_000,
  tags: ["primitive"],
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  // The folder the pattern's literal start names (an absolute pattern's own, or `secrets` of
  // `secrets/*` below the path) is the one listed, so that folder is what permissions judge.
  permissionSubjects(input) {
    const prefix = literalPrefix(input.pattern);
    const path = isAbsolute(input.pattern) ? splitGlobBase(input.pattern, "/").base
      : prefix === "" ? input.path : join(input.path ?? ".", prefix);
    return path === undefined ? [] : [{ kind: "path", path, access: "read" }];
  },
  getToolUseSummary: (input) => (input?.pattern === undefined ? null : `${input.pattern}${input.path ? ` in ${input.path}` : ""}`),
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input, context) {
    const folder = resolveSearchPath(input.path, context);
    try {
      if (!statSync(folder).isDirectory()) return { result: false, message: `path ${folder} is a file, not a folder. Give the folder to search.` };
    } catch {
      return { result: false, message: `The folder ${folder} does not exist. The working folder is ${context.cwd}.` };
    }
    return { result: true };
  },
  async call(input, { context, signal }) {
    const started = performance.now();
    const { base, pattern } = splitGlobBase(input.pattern, resolveSearchPath(input.path, context));
    let glob: Bun.Glob;
    try {
      glob = new Bun.Glob(pattern);
    } catch (error) {
      throw new ToolError(`The pattern "${input.pattern}" is not a valid glob: ${(error as Error).message}`);
    }
    const newest = new NewestFiles(MAX_GLOB_RESULTS);
    // What a deny or ask rule on reading keeps back is not listed, however the pattern reached it.
    // A folder reached through a symlink is judged by where its files really are too (the listing
    // follows no link below it, so each file's real path is the real folder's plus the rest).
    const ruleFilter = await readRuleFilter(context, GlobTool);
    const realBase = ruleFilter === undefined ? base : realPathOrSelf(base);
    const held = ruleFilter === undefined || realBase === base ? ruleFilter
      : (path: string) => ruleFilter(path) || ruleFilter(realBase + path.slice(base.length));
    let withheld = 0;
    // Hidden files only when the pattern names one; ignore files as ripgrep reads them. The listing's
    // order does not matter (the results are ordered here), and only matching files are statted.
    // A literal start that names no folder matches nothing.
    const listing: ListedFiles = !isFolder(base) ? { timedOut: false } : await listFiles({
      root: base,
      hidden: /(^|\/)\.[^./]/.test(pattern),
      nameFilter: lastNameGlob(pattern),
      signal,
      deadline: Date.now() + GLOB_TIMEOUT_MS,
    }, (path, relativePath) => {
      if (!glob.match(relativePath)) return;
      if (held?.(path)) {
        withheld++;
        return;
      }
      const mtimeMs = statOrUndefined(path)?.mtimeMs;
      if (mtimeMs !== undefined) newest.offer(path, mtimeMs); // else gone since it was listed, or not ours to stat
    });
    return {
      data: {
        filenames: newest.newest.map((entry) => entry.path),
        totalMatches: newest.total,
        truncated: newest.total > MAX_GLOB_RESULTS,
        timedOut: listing.timedOut,
        ...(listing.incomplete === undefined ? {} : { incomplete: listing.incomplete }),
        ...(withheld > 0 ? { withheld } : {}),
        durationMs: Math.round(performance.now() - started),
      },
    };
  },
  mapToolResultToToolResultBlockParam(output: GlobOutput, toolUseId) {
    const stopped = (output.timedOut
      ? `\n(The search was stopped after ${GLOB_TIMEOUT_MS / 1000} seconds: these are the matches found until then. Narrow the pattern or path.)`
      : "") + (output.incomplete === undefined ? "" : `\n(${output.incomplete}.)`) + (output.withheld === undefined ? "" : `\n(${output.withheld} ${output.withheld === 1 ? "match is" : "matches are"} not listed: the permission rules keep ${output.withheld === 1 ? "it" : "them"} from being read.)`);
    if (output.filenames.length === 0) return { type: "tool_result", tool_use_id: toolUseId, content: `No files found${stopped}` };
    const note = (output.truncated
      ? `\n(Showing the ${output.filenames.length} most recently modified of ${output.totalMatches} matches. Narrow the pattern or path to see the rest.)`
      : "") + stopped;
    return { type: "tool_result", tool_use_id: toolUseId, content: output.filenames.join("\n") + note };
  },
});
