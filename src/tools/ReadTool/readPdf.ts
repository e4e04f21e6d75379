/** Read of a PDF: a document block with the whole file or the requested pages (pdf-lib splits it). */
import { ToolError } from "../../errors/ToolError.ts";
import { MAX_PDF_BYTES, MAX_PDF_PAGES } from "./limits.ts";
import type { MediaReadOutput } from "./mediaOutput.ts";
import { parsePageRange } from "./parsePageRange.ts";

export async function readPdf(filePath: string, bytes: Uint8Array, pages: string | undefined): Promise<MediaReadOutput> {
  // Loaded on first use: pdf-lib is large and only PDF reads need it.
  const { PDFDocument } = await import("pdf-lib");
  let document: Awaited<ReturnType<typeof PDFDocument.load>>;
  let pageCount: number;
  try {
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    pageCount = document.getPageCount(); // a broken file can load and fail only here
  } catch (error) {
    throw new ToolError(`${filePath} could not be read as a PDF (${(error as Error).message}). Check that it is a complete PDF file.`);
  }
  let data = bytes;
  let shown = `all ${pageCount} page${pageCount === 1 ? "" : "s"}`;
  if (pages !== undefined) {
    const { first, last } = parsePageRange(pages, pageCount);
    const part = await PDFDocument.create();
    const copied = await part.copyPages(document, Array.from({ length: last - first + 1 }, (_, index) => first - 1 + index));
    for (const page of copied) part.addPage(page);
    data = await part.save();
    shown = first === last ? `page ${first} of ${pageCount}` : `pages ${first}-${last} of ${pageCount}`;
  } else if (pageCount > MAX_PDF_PAGES) {
    throw new ToolError(`${filePath} has ${pageCount} pages; at most ${MAX_PDF_PAGES} can be read at once. Give pages, such as "1-${MAX_PDF_PAGES}".`);
  }
  if (data.length > MAX_PDF_BYTES) {
    throw new ToolError(`The PDF content to send is ${Math.ceil(data.length / 1048576)} MB, more than ${MAX_PDF_BYTES / 1048576} MB. Read fewer pages at once.`);
  }
  return {
    kind: "media",
    filePath,
    blocks: [
      { type: "text", text: `PDF ${filePath}: ${shown}.` },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: Buffer.from(data).toString("base64") } },
    ],
  };
}
