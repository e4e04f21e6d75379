/** The numbers WebFetch enforces; its prompt quotes these same constants. */

/** The longest URL accepted. */
export const MAX_URL_CHARS = 2000;
/** At most this much of a response body is read; the rest is cut off. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** How much of the page's text (Markdown) the small model reads in one call; `offset` pages on. */
export const MAX_CONTENT_CHARS = 100_000;
/** Redirects followed within one host before giving up. */
export const MAX_REDIRECTS = 10;
/** A fetch (connection, headers and body) that takes longer fails; TOOLSHED_WEBFETCH_TIMEOUT_MS changes it. */
export const DEFAULT_FETCH_TIMEOUT_MS = 60_000;
/** A host whose address is not found within this long fails. */
export const DNS_TIMEOUT_MS = 10_000;
/** How long a fetched page is reused; TOOLSHED_WEBFETCH_CACHE_TTL_MS changes it (0 turns the cache off). */
export const DEFAULT_CACHE_TTL_MS = 15 * 60_000;
/** The cache holds at most this many pages and this many characters in all. */
export const MAX_CACHED_PAGES = 50;
export const MAX_CACHED_CHARS = 50_000_000;
/** The most the small model writes in its answer. */
export const MAX_ANSWER_TOKENS = 8192;
