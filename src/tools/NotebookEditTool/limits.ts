/** The numbers NotebookEdit enforces; its prompt quotes these same constants. */

/** A notebook larger than this is not edited (it is parsed whole, and held several times over). */
export const MAX_NOTEBOOK_EDIT_BYTES = 64 * 1024 * 1024;
