/** Parses Read's `pages` parameter: "3" or "1-5", checked against the PDF's page count. */
import { ToolError } from "../../errors/ToolError.ts";
import { MAX_PDF_PAGES } from "./limits.ts";

/** First and last page (1-based, inclusive). */
export function parsePageRange(pages: string, pageCount: number): { first: number; last: number } {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(pages);
  if (match === null) throw new ToolError(`pages "${pages}" is not a page or page range. Use a page number such as "3" or a range such as "1-5".`);
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  if (first < 1 || last < first) throw new ToolError(`pages "${pages}" is not a valid range: pages count from 1 and the range must not run backwards.`);
  if (first > pageCount) throw new ToolError(`The PDF has ${pageCount} page${pageCount === 1 ? "" : "s"}; page ${first} does not exist.`);
  if (last - first + 1 > MAX_PDF_PAGES) throw new ToolError(`pages "${pages}" is ${last - first + 1} pages; at most ${MAX_PDF_PAGES} can be read at once. Read it in parts.`);
  return { first, last: Math.min(last, pageCount) };
}
