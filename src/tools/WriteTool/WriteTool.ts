/** Write: creates a file or replaces one that was read in this session and is unchanged since. */
import { readFileSync, statSync, type Stats } from "node:fs";
import { z } from "zod";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { statOrUndefined } from "../../fs/statOrUndefined.ts";
import { assertReadAndUnchanged } from "./fileFreshness.ts";
import { DESCRIPTION, renderPrompt, WRITE_TOOL_NAME } from "./prompt.ts";
import { requireAbsolutePath, resolveFilePath } from "./resolveFilePath.ts";
import { detectTextFormat, toDiskText } from "./textFormat.ts";
import { writeTextFile } from "./writeTextFile.ts";

const inputSchema = z.strictObject({
  file_path: z.string().min(1).describe("The absolute path to the file to write (must be absolute, not relative)"),
  content: z.string().describe("The content to write to the file"),
});

export interface WriteOutput {
  type: "create" | "update";
  filePath: string;
  lines: number;
  bytes: number;
}

/** Like statOrUndefined, but a path through a file (ENOTDIR) or an unreadable folder is an error. */
function statForWrite(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ENOTDIR") throw new ToolError(`Cannot create ${path}: part of its folder path is a file, not a folder.`);
    throw error;
  }
}

function countLines(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

export const WriteTool = buildTool({
  name: WRITE_TOOL_NAME,
  searchHint: "create or overwrite a file",
  inputSchema,
  maxResultSizeChars: 100_000,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  // Replacing an existing file loses its old content; creating one does not.
  isDestructive: (input) => statOrUndefined(input.file_path) !== undefined,
  getPath: (input) => input.file_path,
  getToolUseSummary: (input) => input?.file_path ?? null,
  async description() {
    return DESCRIPTION;
  },
  async prompt() {
    return renderPrompt();
  },
  async validateInput(input, context) {
    const absolute = requireAbsolutePath("file_path", input.file_path, context);
    if (!absolute.result) return absolute;
    const stats = statOrUndefined(input.file_path);
    if (stats?.isDirectory()) return { result: false, message: `${input.file_path} is a folder. Give the path of a file to write.` };
    return { result: true };
  },
  async call(input, context) {
    const filePath = resolveFilePath(input.file_path, context);
    const stats = statForWrite(filePath);
    let content = input.content;
    if (stats !== undefined) {
      if (!stats.isFile()) throw new ToolError(`${filePath} is not a regular file; Write only writes files.`);
      const old = readFileSync(filePath);
      assertReadAndUnchanged({ path: filePath, stats, bytes: old, context, action: "write" });
      content = toDiskText(content, detectTextFormat(old.toString("utf8")));
    }
    const written = writeTextFile(context, filePath, content);
    return {
      data: { type: stats === undefined ? "create" : "update", filePath, lines: countLines(input.content), bytes: written.size },
    };
  },
  mapToolResultToToolResultBlockParam(output: WriteOutput, toolUseId) {
    const what = output.type === "create" ? "Created" : "Updated";
    const lines = `${output.lines} line${output.lines === 1 ? "" : "s"}`;
    return { type: "tool_result", tool_use_id: toolUseId, content: `${what} ${output.filePath} (${lines}, ${output.bytes} bytes).` };
  },
});
