/**
 * What a web-search answer holds, read through schemas (it is outside data): the searches the API
 * ran (server_tool_use), their results or error codes (web_search_tool_result), and the model's
 * summary (text blocks with their citations). Blocks of other kinds are left out.
 */
import { z } from "../../schema/zod.ts";
import { lazy } from "../../lazy.ts";

/** One result's title and link. */
export interface SearchLink {
  title: string;
  url: string;
}

/** The results of one search, or the summary's words between searches: the leading agent's shape. */
export type SearchResultEntry = { tool_use_id: string; content: SearchLink[] } | string;

export interface SearchResults {
  results: SearchResultEntry[];
  /** The queries the API ran, in order. */
  queries: string[];
  /** Error codes of searches that failed. */
  errors: string[];
}

const blockSchemas = lazy(() => ({
  server_tool_use: z.object({ id: z.string(), name: z.string(), input: z.optional(z.object({ query: z.optional(z.string()) })) }),
  web_search_tool_result: z.object({
    tool_use_id: z.string(),
    content: z.union([
      z.array(z.object({ type: z.string(), title: z.optional(z.nullable(z.string())), url: z.string() })),
      z.object({ type: z.literal("web_search_tool_result_error"), error_code: z.string() }),
    ]),
  }),
  text: z.object({
    text: z.string(),
    citations: z.optional(z.nullable(z.array(z.object({ type: z.string(), url: z.optional(z.string()), title: z.optional(z.nullable(z.string())) })))),
  }),
}));

/** The summary text with the sources it cites, as Markdown links after the sentence. */
function citedText(block: { text: string; citations?: { url?: string; title?: string | null }[] | null }): string {
  const sources = (block.citations ?? []).flatMap((citation) => (citation.url === undefined ? [] : [`[${citation.title || citation.url}](${citation.url})`]));
  const unique = [...new Set(sources)];
  return unique.length === 0 ? block.text : `${block.text} (${unique.join(", ")})`;
}

/** Reads the blocks of one or more answers, in order. */
export function readSearchResults(blocks: readonly unknown[]): SearchResults {
  const schemas = blockSchemas();
  const results: SearchResultEntry[] = [];
  const queries: string[] = [];
  const errors: string[] = [];
  let text = "";
  const flushText = () => {
    if (text.trim() !== "") results.push(text.trim());
    text = "";
  };
  for (const block of blocks) {
    const type = typeof block === "object" && block !== null && "type" in block ? block.type : undefined;
    if (type === "server_tool_use") {
      const parsed = schemas.server_tool_use.safeParse(block);
      if (parsed.success && parsed.data.input?.query !== undefined) queries.push(parsed.data.input.query);
    } else if (type === "web_search_tool_result") {
      const parsed = schemas.web_search_tool_result.safeParse(block);
      if (!parsed.success) continue;
      flushText();
      const content = parsed.data.content;
      if (Array.isArray(content)) results.push({ tool_use_id: parsed.data.tool_use_id, content: content.map((hit) => ({ title: hit.title || hit.url, url: hit.url })) });
      else errors.push(content.error_code);
    } else if (type === "text") {
      const parsed = schemas.text.safeParse(block);
      if (parsed.success) text += citedText(parsed.data);
    }
  }
  flushText();
  return { results, queries, errors };
}
