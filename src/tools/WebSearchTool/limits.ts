/** The numbers WebSearch enforces; its prompt quotes these same constants. */

/** Searches the API may run for one call (its `max_uses`). */
export const MAX_SEARCHES_PER_CALL = 8;
/** The shortest and longest query accepted. */
export const MIN_QUERY_CHARS = 2;
export const MAX_QUERY_CHARS = 500;
/** Domains one call may list. */
export const MAX_DOMAINS = 50;
/** The most the searching model writes in its summary. */
export const MAX_SUMMARY_TOKENS = 4096;
/** A request the API pauses (a long search) is resumed at most this many times. */
export const MAX_PAUSES = 3;
