/** Edit: exact string replacement in a file that was read in this session and is unchanged since. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { requireAbsolutePath, resolveFilePath } from "../../files/resolveFilePath.ts";
import { statOrUndefined } from "../../files/statOrUndefined.ts";
import { missingFileMessage } from "../../files/suggestSimilarPaths.ts";
import { decodeFileText, detectTextFormat, toDiskText, toWorkingText, type TextFormat } from "../../files/textFormat.ts";
import { unreadFileProblem } from "../../files/fileFreshness.ts";
import { writeCheckedFile } from "../../files/writeCheckedFile.ts";
import { replaceInDiskText } from "./replaceInDiskText.ts";
import { applyEdit } from "./applyEdit.ts";
import { numberLines } from "./numberLines.ts";
import { MAX_EDIT_FILE_BYTES } from "./limits.ts";
import { DESCRIPTION, EDIT_TOOL_NAME, renderPrompt, SNIPPET_CONTEXT_LINES } from "./prompt.ts";
import { previewEdit } from "./previewEdit.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  file_path: z.string().check(z.minLength(1), z.describe("The absolute path to the file to modify")),
  old_string: z.string().check(z.describe("The text to replace")),
  new_string: z.string().check(z.describe("The text to replace it with (must be different from old_string)")),
  replace_all: z._default(z.boolean(), false).check(z.describe("Replace all occurrences of old_string (default false)")),
});

export interface EditOutput {
  filePath: string;
  created: boolean;
  replacements: number;
  /** The edited region, numbered. */
  snippet: string;
}


function snippetOf(text: string, startLine: number, endLine: number): string {
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop(); // the final line end does not start another line
  return numberLines(lines, startLine - SNIPPET_CONTEXT_LINES, endLine + SNIPPET_CONTEXT_LINES);
}

export const EditTool = buildTool({
  name: EDIT_TOOL_NAME,
  searchHint: "modify file replace text string",
  inputSchema,
  maxResultSizeChars: 100_000,
  ruleFamily: "writePaths",
  tags: ["simple", "primitive"],
  permissionSubjects: (input) => [{ kind: "path", path: input.file_path, access: "write" }],
  getToolUseSummary: (input) => input?.file_path ?? null,
  previewChange: previewEdit,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input, context) {
    const absolute = requireAbsolutePath("file_path", input.file_path, context);
    if (!absolute.result) return absolute;
    if (input.old_string === input.new_string) {
      return { result: false, message: "old_string and new_string are the same, so the edit would change nothing. Give the new text in new_string." };
    }
    if (input.file_path.toLowerCase().endsWith(".ipynb")) {
      return { result: false, message: `${input.file_path} is a Jupyter notebook. Use the NotebookEdit tool to change its cells.` };
    }
    if (statOrUndefined(input.file_path)?.isDirectory()) {
      return { result: false, message: `${input.file_path} is a folder. Give the path of a file to edit.` };
    }
    return { result: true };
  },
  // Nobody is asked to approve a change to a file that was not read: it could not be made.
  async beforeAsking(input, context) {
    return unreadFileProblem(resolveFilePath(input.file_path, context), context.services.fileState, "edit");
  },
  async call(input, { context }) {
    const filePath = resolveFilePath(input.file_path, context);
    const oldString = toWorkingText(input.old_string);
    const newString = toWorkingText(input.new_string);
    const created = (text: string) => ({ text, result: { filePath, created: true, replacements: 0, snippet: snippetOf(text, 1, text.split("\n").length) } });
    const data = await writeCheckedFile<EditOutput>({
      path: filePath,
      fileState: context.services.fileState,
      maxBytes: MAX_EDIT_FILE_BYTES,
      action: "edit",
      produce(current) {
        if (current === undefined) {
          if (oldString !== "") throw new ToolError(`${missingFileMessage(filePath, context)} To create a file, use Write (or Edit with an empty old_string).`);
          return created(newString);
        }
        if (current.bytes === undefined) {
          throw new ToolError(
            `${filePath} is ${Math.ceil(current.stats.size / 1024 / 1024)} MB, more than the ${MAX_EDIT_FILE_BYTES / 1024 / 1024} MB Edit changes. ` +
              "Change it with Bash (sed, for example), or split it into smaller files.",
          );
        }
        // UTF-16 stays UTF-16.
        const { text: diskText, encoding } = decodeFileText({ bytes: current.bytes, path: filePath, toolName: EDIT_TOOL_NAME });
        const format: TextFormat = detectTextFormat(diskText);
        const text = toWorkingText(diskText);
        if (oldString === "") {
          if (text.trim() !== "") {
            throw new ToolError(`old_string is empty, but ${filePath} already has content. Give the text to replace, or use Write to replace the whole file.`);
          }
          return { text: toDiskText(newString, format), encoding, result: { ...created(newString).result, created: false, replacements: 1 } };
        }
        // Checked (uniqueness, helpful misses) and shown on the LF text; made in the file's own text.
        const edit = applyEdit({ filePath, text, oldString, newString, replaceAll: input.replace_all });
        const diskBody = format.bom ? diskText.slice(1) : diskText;
        const edited = replaceInDiskText({ diskText: diskBody, oldString, newString, replaceAll: input.replace_all, fallbackLineEnd: format.lineEnding });
        return {
          text: format.bom ? `\uFEFF${edited}` : edited,
          encoding,
          result: { filePath, created: false, replacements: edit.replacements, snippet: snippetOf(edit.text, edit.startLine, edit.endLine) },
        };
      },
    });
    return { data };
  },
  mapToolResultToToolResultBlockParam(output: EditOutput, toolUseId) {
    const head = output.created
      ? `Created ${output.filePath}:`
      : output.replacements > 1
        ? `Replaced ${output.replacements} occurrences in ${output.filePath}. The first edited region:`
        : `Edited ${output.filePath}. The edited region:`;
    return { type: "tool_result", tool_use_id: toolUseId, content: `${head}\n${output.snippet}` };
  },
});
