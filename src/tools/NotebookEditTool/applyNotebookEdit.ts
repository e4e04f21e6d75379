/** The cell change itself: find the cell, then replace, insert or delete. */
import { ToolError } from "../../errors/ToolError.ts";
import { cellId, type Notebook, type NotebookCell } from "../../files/notebookFormat.ts";

export interface NotebookEditRequest {
  cellId?: string;
  newSource: string;
  cellType?: "code" | "markdown";
  editMode: "replace" | "insert" | "delete";
}

/** Source as nbformat stores it: a list of lines, each but the last ending in "\n". */
function toSourceLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n").map((line) => `${line}\n`);
  const last = lines.length - 1;
  lines[last] = (lines[last] as string).slice(0, -1);
  if (lines[last] === "") lines.pop();
  return lines;
}

function findCell(notebook: Notebook, id: string): number {
  const index = notebook.cells.findIndex((cell, position) => cellId(cell, position) === id);
  if (index === -1) {
    const ids = notebook.cells.map((cell, position) => cellId(cell, position));
    throw new ToolError(`There is no cell "${id}" in the notebook. Its cells are: ${ids.join(", ") || "(none)"}.`);
  }
  return index;
}

function newCell(notebook: Notebook, cellType: "code" | "markdown", source: string): NotebookCell {
  const withIds = (notebook.nbformat ?? 4) > 4 || ((notebook.nbformat ?? 4) === 4 && (notebook.nbformat_minor ?? 0) >= 5);
  const base: NotebookCell = { cell_type: cellType, metadata: {}, source: toSourceLines(source) };
  if (withIds) base.id = crypto.randomUUID().replaceAll("-", "").slice(0, 8);
  return cellType === "code" ? { ...base, execution_count: null, outputs: [] } : base;
}

/** Applies the edit to `notebook` in place; returns the id of the cell it touched. */
export function applyNotebookEdit(notebook: Notebook, request: NotebookEditRequest): string {
  if (request.editMode === "insert") {
    if (request.cellType === undefined) throw new ToolError('cell_type is required to insert a cell: "code" or "markdown".');
    const at = request.cellId === undefined ? 0 : findCell(notebook, request.cellId) + 1;
    const cell = newCell(notebook, request.cellType, request.newSource);
    notebook.cells.splice(at, 0, cell);
    return cellId(cell, at);
  }
  if (request.cellId === undefined) throw new ToolError(`cell_id is required to ${request.editMode} a cell. Read the notebook to see the ids.`);
  const index = findCell(notebook, request.cellId);
  if (request.editMode === "delete") {
    notebook.cells.splice(index, 1);
    return request.cellId;
  }
  const cell = notebook.cells[index] as NotebookCell;
  const cellType = request.cellType ?? cell.cell_type;
  const updated: NotebookCell = { ...cell, cell_type: cellType, source: toSourceLines(request.newSource) };
  if (cellType === "code") {
    updated.outputs = [];
    updated.execution_count = null;
  } else {
    delete updated.outputs;
    delete updated.execution_count;
  }
  notebook.cells[index] = updated;
  return request.cellId;
}
