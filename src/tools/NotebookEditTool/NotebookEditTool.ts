/** NotebookEdit: replace, insert or delete one cell of a notebook that was read in this session. */
import { readFileSync, statSync, type Stats } from "node:fs";
import { z } from "zod";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { parseNotebook } from "../ReadTool/notebookFormat.ts";
import { assertReadAndUnchanged } from "../WriteTool/fileFreshness.ts";
import { requireAbsolutePath, resolveFilePath } from "../WriteTool/resolveFilePath.ts";
import { decodeUtf8Text } from "../WriteTool/textFormat.ts";
import { writeTextFile } from "../WriteTool/writeTextFile.ts";
import { applyNotebookEdit } from "./applyNotebookEdit.ts";
import { DESCRIPTION, NOTEBOOK_EDIT_TOOL_NAME, renderPrompt } from "./prompt.ts";

const inputSchema = z.strictObject({
  notebook_path: z.string().min(1).describe("The absolute path to the Jupyter notebook (.ipynb) to edit"),
  cell_id: z.string().optional().describe("The id of the cell to edit; for insert, the new cell goes after it (or first when left out)"),
  new_source: z.string().describe("The new source of the cell"),
  cell_type: z.enum(["code", "markdown"]).optional().describe("The cell's type; required for insert"),
  edit_mode: z.enum(["replace", "insert", "delete"]).default("replace").describe("replace (default), insert or delete"),
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
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  isDestructive: (input) => input.edit_mode === "delete",
  getPath: (input) => input.notebook_path,
  getToolUseSummary: (input) => input?.notebook_path ?? null,
  async description() {
    return DESCRIPTION;
  },
  async prompt() {
    return renderPrompt();
  },
  async validateInput(input, context) {
    const absolute = requireAbsolutePath("notebook_path", input.notebook_path, context);
    if (!absolute.result) return absolute;
    if (!input.notebook_path.toLowerCase().endsWith(".ipynb")) {
      return { result: false, message: `${input.notebook_path} is not a .ipynb notebook. Use Edit for other files.` };
    }
    return { result: true };
  },
  async call(input, context) {
    const notebookPath = resolveFilePath(input.notebook_path, context);
    let stats: Stats;
    try {
      stats = statSync(notebookPath);
    } catch {
      throw new ToolError(`The notebook ${notebookPath} does not exist. Create it with Write first.`);
    }
    const bytes = readFileSync(notebookPath);
    assertReadAndUnchanged({ path: notebookPath, stats, bytes, context, action: "edit" });
    const text = decodeUtf8Text({ bytes, path: notebookPath, toolName: NOTEBOOK_EDIT_TOOL_NAME });
    const notebook = parseNotebook(text, notebookPath);
    const cellId = applyNotebookEdit(notebook, {
      cellId: input.cell_id,
      newSource: input.new_source,
      cellType: input.cell_type,
      editMode: input.edit_mode,
    });
    const json = JSON.stringify(notebook, null, detectIndent(text));
    writeTextFile(context, notebookPath, text.endsWith("\n") ? `${json}\n` : json);
    return { data: { notebookPath, cellId, editMode: input.edit_mode, cellCount: notebook.cells.length } };
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
