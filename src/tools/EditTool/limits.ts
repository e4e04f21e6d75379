/** The numbers Edit enforces; its prompt quotes these same constants. */

/**
 * A file larger than this is not edited: Edit holds the file several times over in memory
 * (bytes, text, the edited text), so a 600 MB file would take gigabytes.
 */
export const MAX_EDIT_FILE_BYTES = 32 * 1024 * 1024;
