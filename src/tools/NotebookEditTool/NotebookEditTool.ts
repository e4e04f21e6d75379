/** NotebookEdit: replace, insert or delete one cell of a notebook that was read in this session. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { parseNotebook } from "../../files/notebookFormat.ts";
import { requireAbsolutePath, resolveFilePath } from "../../files/resolveFilePath.ts";
import { decodeUtf8Text, detectTextFormat, toDiskText, toWorkingText } from "../../files/textFormat.ts";
import { unreadFileProblem } from "../../files/fileFreshness.ts";
import { writeCheckedFile } from "../../files/writeCheckedFile.ts";
import { applyNotebookEdit } from "./applyNotebookEdit.ts";
import { MAX_NOTEBOOK_EDIT_BYTES } from "./limits.ts";
import { DESCRIPTION, NOTEBOOK_EDIT_TOOL_NAME, renderPrompt } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  notebook_path: z.string().check(z.minLength(1), z.describe("The absolute path to the Jupyter notebook (.ipynb) to edit")),
  cell_id: z.optional(z.string()).check(z.describe("The id of the cell to edit; for insert, the new cell goes after it (or first when left out)")),
  new_source: z.string().check(z.describe("The new source of the cell")),
  cell_type: z.optional(z.enum(["code", "markdown"])).check(z.describe("The cell's type; required for insert")),
  edit_mode: z._default(z.enum(["replace", "insert", "delete"]), "replace").check(z.describe("replace (default), insert or delete")),
});

export interface NotebookEditOutput {
  notebookPath: string;
  cellId: string;
  editMode: "replace" | "insert" | "delete";
  cellCount: number;
}

/** The indentation the notebook's JSON uses, so a rewrite changes only the edited cell. */
function detectIndent(text: string): string | number {
  const match = /^\{\s*\n([ \t]+)"/.exec(text);
  return match?.[1] ?? 1;
}

export const NotebookEditTool = buildTool({
  name: NOTEBOOK_EDIT_TOOL_NAME,
  searchHint: "jupyter notebook cell edit",
  inputSchema,
  maxResultSizeChars: 10_000,
  tags: ["primitive"],
  isDestructive: (input) => input.edit_mode === "delete",
  permissionSubjects: (input) => [{ kind: "path", path: input.notebook_path, access: "write" }],
  getToolUseSummary: (input) => input?.notebook_path ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input, context) {
    const absolute = requireAbsolutePath("notebook_path", input.notebook_path, context);
    if (!absolute.result) return absolute;
    if (!input.notebook_path.toLowerCase().endsWith(".ipynb")) {
      return { result: false, message: `${input.notebook_path} is not a .ipynb notebook. Use Edit for other files.` };
    }
    return { result: true };
  },
  // Nobody is asked to approve a change to a file that was not read: it could not be made.
  async beforeAsking(input, context) {
    return unreadFileProblem(resolveFilePath(input.notebook_path, context), context.services.fileState, "edit");
  },
  async call(input, { context }) {
    const notebookPath = resolveFilePath(input.notebook_path, context);
    const data = await writeCheckedFile<NotebookEditOutput>({
      path: notebookPath,
      fileState: context.services.fileState,
      maxBytes: MAX_NOTEBOOK_EDIT_BYTES,
      action: "edit",
      produce(current) {
        if (current === undefined) throw new ToolError(`The notebook ${notebookPath} does not exist. Create it with Write first.`);
        if (current.bytes === undefined) {
          throw new ToolError(
            `${notebookPath} is ${Math.ceil(current.stats.size / 1024 / 1024)} MB, more than the ${MAX_NOTEBOOK_EDIT_BYTES / 1024 / 1024} MB NotebookEdit changes. ` +
              "Clear its outputs first (jupyter nbconvert --clear-output through Bash), or change it with a script.",
          );
        }
        const onDisk = decodeUtf8Text({ bytes: current.bytes, path: notebookPath, toolName: NOTEBOOK_EDIT_TOOL_NAME });
        // A BOM and CRLF line ends are kept, as Edit keeps them (JSON strings hold no raw line ends, so only the layout's change).
        const format = detectTextFormat(onDisk);
        const text = toWorkingText(onDisk);
        const notebook = parseNotebook(text, notebookPath, { keepNumbers: true });
        const cellId = applyNotebookEdit(notebook, {
          cellId: input.cell_id,
          newSource: input.new_source,
          cellType: input.cell_type,
          editMode: input.edit_mode,
        });
        const json = JSON.stringify(notebook, null, detectIndent(text));
        return {
          text: toDiskText(text.endsWith("\n") ? `${json}\n` : json, format),
          result: { notebookPath, cellId, editMode: input.edit_mode, cellCount: notebook.cells.length },
        };
      },
    });
    return { data };
  },
  mapToolResultToToolResultBlockParam(output: NotebookEditOutput, toolUseId) {
    const verb = output.editMode === "insert" ? "Inserted" : output.editMode === "delete" ? "Deleted" : "Replaced";
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: `${verb} cell ${output.cellId} in ${output.notebookPath} (${output.cellCount} cells now).`,
    };
  },
});
