/** The numbers Glob enforces; its prompt quotes these same constants. */

/** A walk that runs longer is stopped, and the matches found so far come back with a note. */
export const GLOB_TIMEOUT_MS = 60_000;
