/** The numbers the shared file helpers enforce. Tools quote their own limits from their own limits.ts. */

/** A temporary file of a dead process is removed only once it is this old (a live writer on another machine or in another pid namespace may share the folder). */
export const STALE_TEMPORARY_FILE_AGE_MS = 60_000;
/** How long a writer waits for another toolshed process to finish changing the same file. */
export const FILE_LOCK_WAIT_MS = 10_000;
/** A lock older than this is taken to be left behind, whoever holds it (a check-and-write takes well under a second). */
export const FILE_LOCK_STALE_MS = 60_000;
/** The most of a JSON file toolshed keeps for itself (job lists, settings it writes) that is read. */
export const MAX_JSON_FILE_BYTES = 16 * 1024 * 1024;
/** The most of an ignore file (.gitignore, .ignore, .rgignore) a search reads. */
export const MAX_IGNORE_FILE_BYTES = 4 * 1024 * 1024;
