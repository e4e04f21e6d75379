/** LS: a folder's entries as an indented tree, skipping what ripgrep would skip. */
import { statSync } from "node:fs";
import { relative, sep } from "node:path";
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { requireAbsolutePath, resolveFilePath } from "../../files/resolveFilePath.ts";
import { FileWalker } from "../../search/walkFiles.ts";
import { LS_TIMEOUT_MS } from "./limits.ts";
import { DESCRIPTION, LS_TOOL_NAME, MAX_LS_ENTRIES, renderPrompt } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  path: z.string().check(z.minLength(1), z.describe("The absolute path to the folder to list")),
  ignore: z.optional(z.array(z.string())).check(z.describe("Glob patterns of entries to leave out")),
});

export interface LSOutput {
  root: string;
  /** Relative paths of files and folders (folders end with the separator), in walk order. */
  files: string[];
  truncated: boolean;
  /** True when the listing stopped at LS_TIMEOUT_MS. */
  timedOut?: boolean;
}

/** An indented tree of the files and folders (empty folders included). */
function renderTree(root: string, files: readonly string[]): string {
  const lines = [`- ${root}${root.endsWith(sep) ? "" : sep}`];
  const shownFolders = new Set<string>();
  for (const entry of files) {
    if (entry.endsWith(sep)) {
      // A folder: its line is drawn by the loop below, as for any file's parent folders.
      const folder = entry.slice(0, -1);
      const parts = folder.split(sep);
      for (let depth = 1; depth <= parts.length; depth++) {
        const shown = parts.slice(0, depth).join(sep);
        if (shownFolders.has(shown)) continue;
        shownFolders.add(shown);
        lines.push(`${"  ".repeat(depth)}- ${parts[depth - 1]}/`);
      }
      continue;
    }
    const file = entry;
    const parts = file.split(sep);
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join(sep);
      if (shownFolders.has(folder)) continue;
      shownFolders.add(folder);
      lines.push(`${"  ".repeat(depth)}- ${parts[depth - 1]}/`);
    }
    lines.push(`${"  ".repeat(parts.length)}- ${parts.at(-1)}`);
  }
  return lines.join("\n");
}

export const LSTool = buildTool({
  name: LS_TOOL_NAME,
  searchHint: "list folder directory contents",
  inputSchema,
  maxResultSizeChars: 100_000,
  tags: ["primitive"],
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  permissionSubjects: (input) => [{ kind: "path", path: input.path, access: "read" }],
  getToolUseSummary: (input) => input?.path ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input, context) {
    const absolute = requireAbsolutePath("path", input.path, context);
    if (!absolute.result) return absolute;
    try {
      if (!statSync(input.path).isDirectory()) return { result: false, message: `${input.path} is a file, not a folder. Use Read to see a file.` };
    } catch {
      return { result: false, message: `The folder ${input.path} does not exist. The working folder is ${context.cwd}.` };
    }
    return { result: true };
  },
  async call(input, { context, signal }) {
    const root = resolveFilePath(input.path, context);
    const ignored = (input.ignore ?? []).map((pattern) => new Bun.Glob(pattern));
    const isIgnored = (path: string) => {
      const parts = path.split(sep);
      return ignored.some((glob) => glob.match(path) || parts.some((part) => glob.match(part)));
    };
    const files: string[] = [];
    let truncated = false;
    const walker = new FileWalker({ root, folders: true, signal, deadline: Date.now() + LS_TIMEOUT_MS });
    for (let file = walker.next(); file !== undefined; file = walker.next()) {
      const path = relative(root, file.path) + (file.isFolder ? sep : "");
      if (isIgnored(path)) continue;
      if (files.length >= MAX_LS_ENTRIES) {
        truncated = true;
        break;
      }
      files.push(path);
    }
    return { data: { root, files, truncated, timedOut: walker.timedOut } };
  },
  mapToolResultToToolResultBlockParam(output: LSOutput, toolUseId) {
    const stopped = output.timedOut ? `\n(The listing was stopped after ${LS_TIMEOUT_MS / 1000} seconds: this is what was listed until then. List a subfolder.)` : "";
    if (output.files.length === 0) {
      const empty = output.timedOut ? `Nothing was listed in ${output.root}.` : `${output.root} is empty (hidden and ignored entries are not listed).`;
      return { type: "tool_result", tool_use_id: toolUseId, content: empty + stopped };
    }
    const note = (output.truncated ? `\n(Cut at ${MAX_LS_ENTRIES} entries. List a subfolder, or use Glob, to see the rest.)` : "") + stopped;
    return { type: "tool_result", tool_use_id: toolUseId, content: renderTree(output.root, output.files) + note };
  },
});
