/** The numbers Bash enforces; its prompt quotes these same constants. */

/** Milliseconds a command may run when no timeout is given. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** The longest timeout a call may ask for. */
export const MAX_TIMEOUT_MS = 600_000;
/** Output longer than this is saved to a file; the model gets its path and a preview. */
export const MAX_OUTPUT_CHARS = 30_000;
/** How much of the start and of the end of a long output the preview shows. */
export const PREVIEW_HEAD_CHARS = 4_000;
export const PREVIEW_TAIL_CHARS = 2_000;
/**
 * A command whose output passes this size is stopped: its output goes to a file on disk, and a
 * command printing without end (`yes`) would otherwise fill the disk before its timeout.
 */
export const MAX_COMMAND_OUTPUT_BYTES = 1024 * 1024 * 1024;
