/** Every word the model reads about WebSearch, and every word WebSearch says to the model that searches. */
import { MAX_DOMAINS, MAX_QUERY_CHARS, MAX_SEARCHES_PER_CALL, MIN_QUERY_CHARS } from "./limits.ts";

export const WEB_SEARCH_TOOL_NAME = "WebSearch";

export const DESCRIPTION = "Search the web and get the results with their links.";

export function renderPrompt(): string {
  return `Searches the web and returns what it found: the results' titles and links, and a short
summary of them with the sources it drew on.

- Use it for what may have changed since your training: current versions, recent releases,
  news, documentation you do not know.
- query: what to search for (${MIN_QUERY_CHARS} to ${MAX_QUERY_CHARS} characters). One call may run up to ${MAX_SEARCHES_PER_CALL} searches.
- allowed_domains: only results from these domains (such as ["docs.python.org"]); blocked_domains:
  never results from these. Give one or the other, not both, with at most ${MAX_DOMAINS} domains.
- It does not read the pages themselves; fetch a result's URL with WebFetch to read it.
- When you use what it found, name the sources, as Markdown links.
- Searching needs the user's permission (a WebSearch allow rule gives it in advance).`;
}

/** What the searching model is told. */
export const SEARCHER_SYSTEM_PROMPT =
  "You search the web for another assistant. Run the searches the query needs, then summarise what the results say " +
  "about it in a few sentences, citing the results you draw on. Do not answer from memory.";

/** The one message the searching model gets. */
export function renderSearchRequest(query: string): string {
  return `Search the web for: ${query}`;
}

/** The reason a search asks for permission. */
export function askReason(query: string): string {
  return `${WEB_SEARCH_TOOL_NAME} sends "${query}" to the web search service`;
}

/** What each of the API's error codes means, in words for the model. */
export function describeSearchError(code: string): string {
  switch (code) {
    case "too_many_requests":
      return "the search service is rate-limited right now; try again later";
    case "max_uses_exceeded":
      return `the call used up its ${MAX_SEARCHES_PER_CALL} searches`;
    case "query_too_long":
      return "the query is too long; shorten it";
    case "invalid_tool_input":
      return "the search service did not accept the query; rephrase it";
    case "unavailable":
      return "the search service is unavailable right now; try again later";
    default:
      return `the search failed (${code})`;
  }
}

/** Said after the results, so the model credits them. */
export const CITE_SOURCES_NOTE = "When you use these results, name the sources as Markdown links.";
