/** Every word the model reads about WebFetch, and every word WebFetch says to the small model that reads the page. */
import { DEFAULT_CACHE_TTL_MS, DEFAULT_FETCH_TIMEOUT_MS, MAX_CONTENT_CHARS, MAX_REDIRECTS, MAX_RESPONSE_BYTES, MAX_URL_CHARS } from "./limits.ts";

export const WEB_FETCH_TOOL_NAME = "WebFetch";

export const DESCRIPTION = "Fetch a web page and answer a question about it.";

export function renderPrompt(): string {
  return `Fetches a web page and answers a question about it.

- url: a full http or https URL (at most ${MAX_URL_CHARS} characters). Plain http is upgraded to
  https, except for localhost and other addresses of this machine.
- prompt: what you want to know from the page. A small, fast model reads the page (HTML is turned
  into Markdown, without scripts, styles and navigation) and answers; you get its answer, not the
  page, so ask precisely, and ask again with another prompt when the answer misses something.
- The page is read ${MAX_CONTENT_CHARS} characters at a time. When there is more, the result says
  so and gives the offset to pass, with the same url, to read on.
- Pages are kept for ${DEFAULT_CACHE_TTL_MS / 60_000} minutes, so another question about the same URL does not fetch it again.
- Redirects within the same host are followed (up to ${MAX_REDIRECTS}); a redirect to another host is
  not: the result names the new URL, and you may fetch it with another call.
- Only HTML and text are read, not images, PDFs or other binary files. Bodies over
  ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB are cut there, and a fetch that takes longer than ${DEFAULT_FETCH_TIMEOUT_MS / 1000} s fails.
- No cookies or credentials are sent, so pages behind a login cannot be read.
- Each host needs the user's permission (a rule such as WebFetch(domain:example.com) gives it in
  advance); for a host on this machine or the local network the question names its address.`;
}

/** What the small model is told it is doing. */
export const READER_SYSTEM_PROMPT =
  "You read a web page for another assistant and answer its question about the page. " +
  "Answer from the page's content only, and say plainly when the page does not answer the question. " +
  "Give facts in your own words and keep quotations short; keep code, commands, names and numbers exactly as the page has them. " +
  "Be concise.";

/** Where the page's text sits in the whole, when the model reads only part of it. */
export interface PageWindow {
  url: string;
  start: number;
  end: number;
  total: number;
  /** The body was cut at the byte limit before it was turned into text. */
  truncatedBody: boolean;
}

/** The one message the small model gets: the page, then the question. */
export function renderReaderRequest(content: string, question: string, window: PageWindow): string {
  const part = window.start > 0 || window.end < window.total
    ? `\n(This is characters ${window.start} to ${window.end} of ${window.total}; the rest of the page is not shown.)`
    : "";
  const cut = window.truncatedBody ? `\n(The page was longer than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB and was cut there.)` : "";
  return `Web page: ${window.url}\n<page>\n${content}\n</page>${part}${cut}\n\nQuestion: ${question}`;
}

/** Appended to the answer when the page goes on. */
export function moreContentNote(window: PageWindow): string {
  return `\n\n[This answer is from characters ${window.start} to ${window.end} of the page's ${window.total}. ` +
    `To read on, call ${WEB_FETCH_TOOL_NAME} again with the same url and offset: ${window.end}.]`;
}

/** The result for a redirect to another host, which is not followed. */
export function redirectText(from: string, to: string, status: number, statusText: string): string {
  return `${from} redirects to another host (${status}${statusText === "" ? "" : ` ${statusText}`}): ${to}\n` +
    `It was not followed. To fetch it, call ${WEB_FETCH_TOOL_NAME} again with url: ${to}`;
}

/** The reason a fetch asks for permission. */
export function askReason(host: string, addressNote: string | undefined): string {
  return addressNote === undefined ? `${WEB_FETCH_TOOL_NAME} fetches a page from ${host}` : `${WEB_FETCH_TOOL_NAME} fetches a page from ${host}, which ${addressNote}`;
}
