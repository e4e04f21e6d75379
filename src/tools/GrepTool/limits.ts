/** The numbers Grep enforces; its prompt quotes these same constants. */

/** Results returned when head_limit is not given. */
export const DEFAULT_HEAD_LIMIT = 250;
/** A search that runs longer is stopped, and what it found so far comes back with a note. */
export const GREP_TIMEOUT_MS = 60_000;
/**
 * The longest pattern (and glob) taken: ripgrep gets them as command-line arguments, which the
 * system limits (a 10 MB pattern fails with E2BIG), and no real search needs more.
 */
export const MAX_PATTERN_CHARS = 10_000;
export const MAX_GLOB_CHARS = 10_000;
/** The longest file type name taken (the real ones are a few letters). */
export const MAX_TYPE_CHARS = 100;
