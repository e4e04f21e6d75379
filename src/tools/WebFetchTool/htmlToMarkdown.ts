/**
 * HTML to Markdown. The parser (htmlparser2: forgiving of broken markup, and linear in a page's
 * size as long as its nesting stays shallow) is imported only when a page is converted, so
 * start-up never loads it. Its cost grows with the square of the nesting depth, so a page that
 * nests deeper than MAX_PARSE_DEPTH stops being parsed and is read as plain text instead.
 */
import { renderMarkdown } from "./renderMarkdown.ts";

/** Open elements beyond this many at once end the parse (no real page comes close). */
export const MAX_PARSE_DEPTH = 1000;
/** The parser is fed this much at a time, so a runaway nesting is caught within one piece. */
const PARSE_CHUNK_CHARS = 16 * 1024;

/** The page's text with every tag removed, for pages too deeply nested to parse; the parser (with no tags left to nest) decodes its entities. */
function strippedText(html: string, Parser: typeof import("htmlparser2").Parser): string {
  const parts: string[] = [];
  const parser = new Parser({ ontext: (text) => void parts.push(text) });
  parser.write(html
    .replace(/<(script|style|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>?/g, " "));
  parser.end();
  return parts.join("").replace(/[ \t]+/g, " ").replace(/\s*\n\s*/g, "\n").trim();
}

/** The page as Markdown; `pageUrl` resolves its relative links. */
export async function htmlToMarkdown(html: string, pageUrl?: string): Promise<string> {
  const { DomHandler, Parser } = await import("htmlparser2");
  let depth = 0;
  let tooDeep = false;
  const handler = new (class extends DomHandler {
    override onopentag(name: string, attribs: Record<string, string>): void {
      depth += 1;
      if (depth > MAX_PARSE_DEPTH) tooDeep = true;
      super.onopentag(name, attribs);
    }
    override onclosetag(): void {
      depth -= 1;
      super.onclosetag();
    }
  })();
  const parser = new Parser(handler);
  for (let at = 0; at < html.length && !tooDeep; at += PARSE_CHUNK_CHARS) parser.write(html.slice(at, at + PARSE_CHUNK_CHARS));
  if (tooDeep) return strippedText(html, Parser);
  parser.end();
  return renderMarkdown(handler.root.children, pageUrl);
}
