/** The numbers LS enforces; its prompt quotes these same constants. */

/** A listing that runs longer is stopped, and what was listed so far comes back with a note. */
export const LS_TIMEOUT_MS = 30_000;
