/** Write: creates a file or replaces one that was read in this session and is unchanged since. */
import { readFileSync, statSync, type Stats } from "node:fs";
import * as z from "zod/mini";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { assertReadAndUnchanged } from "../../files/fileFreshness.ts";
import { requireAbsolutePath, resolveFilePath } from "../../files/resolveFilePath.ts";
import { statOrUndefined } from "../../files/statOrUndefined.ts";
import { detectTextFormat, toDiskText } from "../../files/textFormat.ts";
import { writeTextFile } from "../../files/writeTextFile.ts";
import { DESCRIPTION, renderPrompt, WRITE_TOOL_NAME } from "./prompt.ts";
import { previewWrite } from "./previewWrite.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  file_path: z.string().check(z.minLength(1), z.describe("The absolute path to the file to write (must be absolute, not relative)")),
  content: z.string().check(z.describe("The content to write to the file")),
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
  tags: ["primitive"],
  // Replacing an existing file loses its old content; creating one does not.
  isDestructive: (input) => statOrUndefined(input.file_path) !== undefined,
  permissionSubjects: (input) => [{ kind: "path", path: input.file_path, access: "write" }],
  getToolUseSummary: (input) => input?.file_path ?? null,
  previewChange: previewWrite,
  description: DESCRIPTION,
  prompt: renderPrompt(),
  async validateInput(input, context) {
    const absolute = requireAbsolutePath("file_path", input.file_path, context);
    if (!absolute.result) return absolute;
    const stats = statOrUndefined(input.file_path);
    if (stats?.isDirectory()) return { result: false, message: `${input.file_path} is a folder. Give the path of a file to write.` };
    return { result: true };
  },
  async call(input, { context }) {
    const filePath = resolveFilePath(input.file_path, context);
    const stats = statForWrite(filePath);
    let content = input.content;
    if (stats !== undefined) {
      if (!stats.isFile()) throw new ToolError(`${filePath} is not a regular file; Write only writes files.`);
      const old = readFileSync(filePath);
      assertReadAndUnchanged({ path: filePath, stats, bytes: old, fileState: context.services.fileState, action: "write" });
      content = toDiskText(content, detectTextFormat(old.toString("utf8")));
    }
    const written = writeTextFile(context.services.fileState, filePath, content);
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
