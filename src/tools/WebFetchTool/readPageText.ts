/**
 * A response body as text for the model: HTML becomes Markdown, other text (plain, Markdown,
 * JSON, XML, CSS, scripts) is kept as it is, decoded with the charset the server named. Binary
 * bodies (images, archives, PDFs) are refused: WebFetch reads text.
 */
import { ToolError } from "../../errors/ToolError.ts";
import { htmlToMarkdown } from "./htmlToMarkdown.ts";

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|ecmascript|x-javascript|xhtml\+xml|rss\+xml|atom\+xml|ld\+json|x-yaml|yaml|toml|x-sh)$)|\+(json|xml)$/;

function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

function charsetOf(contentType: string): string {
  return /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? "utf-8";
}

function decode(body: Uint8Array, charset: string): string {
  let decoder: TextDecoder;
  try {
    // The label is the server's; TextDecoder checks it (an unknown one throws and falls back below).
    decoder = Reflect.construct(TextDecoder, [charset]);
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(body);
}

/** A body with NUL bytes near its start is not text, whatever it claims. */
function looksBinary(body: Uint8Array): boolean {
  return body.subarray(0, 4096).includes(0);
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text.slice(0, 1024));
}

/** The page's text, and whether it was converted from HTML. */
export async function readPageText(body: Uint8Array, contentType: string, url: string): Promise<{ text: string; fromHtml: boolean }> {
  const type = mediaType(contentType);
  const named = type !== "" && type !== "application/octet-stream";
  if ((named && !TEXT_TYPES.test(type)) || looksBinary(body)) {
    throw new ToolError(`${url} is not a text page (${type || "binary data"}, ${body.byteLength} bytes). WebFetch reads HTML and text only.`);
  }
  const text = decode(body, charsetOf(contentType));
  const html = type === "text/html" || type === "application/xhtml+xml" || (!named && looksLikeHtml(text));
  return html ? { text: await htmlToMarkdown(text, url), fromHtml: true } : { text, fromHtml: false };
}
