/** Every word the model reads about NotebookEdit. */
import { MAX_NOTEBOOK_EDIT_BYTES } from "./limits.ts";

export const NOTEBOOK_EDIT_TOOL_NAME = "NotebookEdit";

export const DESCRIPTION = "Replace, insert or delete a cell of a Jupyter notebook.";

export function renderPrompt(): string {
  return `Changes one cell of a Jupyter notebook (.ipynb).

- notebook_path must be an absolute path. Read the notebook with the Read tool in this session
  first; a notebook that was not read, or that changed since, is refused.
- cell_id is the id Read shows for each cell (notebooks without ids use "cell-0", "cell-1", ...).
- edit_mode "replace" (the default) sets the cell's source to new_source; cell_type, when given,
  changes the cell's type. Replacing a code cell clears its outputs.
- edit_mode "insert" adds a new cell after cell_id, or at the start when cell_id is left out;
  cell_type is required.
- edit_mode "delete" removes the cell; new_source is ignored (pass an empty string).
- The notebook keeps its formatting and metadata; only the one cell changes.
- Notebooks larger than ${MAX_NOTEBOOK_EDIT_BYTES / 1024 / 1024} MB are not edited.`;
}
