import { afterEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

function blocks(result: { result: ToolResultBlockParam }): Array<{ type: string; [key: string]: unknown }> {
  const content = result.result.content;
  if (!Array.isArray(content)) throw new Error(`expected content blocks, got ${JSON.stringify(content)}`);
  return content as unknown as Array<{ type: string; [key: string]: unknown }>;
}

async function makePdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page++) document.addPage([200, 200]);
  return document.save();
}

describe("Read of images, PDFs and notebooks", () => {
  test("an image comes back as an image block, and is recorded as read", async () => {
    fixture = await createToolFixture();
    const path = join(fixture.folder.path, "dot.png");
    writeFileSync(path, PNG_1X1);
    const result = await callTool(fixture.context, "Read", { file_path: path });
    const [text, image] = blocks(result);
    expect(text?.type).toBe("text");
    expect(image).toEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: PNG_1X1.toString("base64") } });
    expect(fixture.context.services.fileState.has(path)).toBe(true);
  });

  test("a file named .png that is not an image is an error", async () => {
    fixture = await createToolFixture();
    const path = join(fixture.folder.path, "fake.png");
    writeFileSync(path, "not an image");
    const result = await callTool(fixture.context, "Read", { file_path: path });
    expect(result.text).toContain("is not a PNG, JPEG, GIF or WebP image");
  });

  test("a PDF comes back as a document block; pages picks a range", async () => {
    fixture = await createToolFixture();
    const path = join(fixture.folder.path, "doc.pdf");
    writeFileSync(path, await makePdf(5));
    const whole = blocks(await callTool(fixture.context, "Read", { file_path: path }));
    expect(whole[0]).toEqual({ type: "text", text: `PDF ${path}: all 5 pages.` });
    expect(whole[1]?.type).toBe("document");
    const part = blocks(await callTool(fixture.context, "Read", { file_path: path, pages: "2-3" }));
    expect(part[0]).toEqual({ type: "text", text: `PDF ${path}: pages 2-3 of 5.` });
    const data = (part[1] as unknown as { source: { data: string } }).source.data;
    const split = await PDFDocument.load(Buffer.from(data, "base64"));
    expect(split.getPageCount()).toBe(2);
  });

  test("PDF errors: a page past the end, a bad range, too many pages, pages on a text file, a broken PDF", async () => {
    fixture = await createToolFixture();
    const path = join(fixture.folder.path, "doc.pdf");
    writeFileSync(path, await makePdf(25));
    expect((await callTool(fixture.context, "Read", { file_path: path })).text).toContain("has 25 pages; at most 20 can be read at once");
    expect((await callTool(fixture.context, "Read", { file_path: path, pages: "30" })).text).toContain("page 30 does not exist");
    expect((await callTool(fixture.context, "Read", { file_path: path, pages: "five" })).text).toContain("is not a page or page range");
    expect((await callTool(fixture.context, "Read", { file_path: path, pages: "1-21" })).text).toContain("at most 20 can be read");
    const textPath = join(fixture.folder.path, "a.txt");
    writeFileSync(textPath, "x\n");
    expect((await callTool(fixture.context, "Read", { file_path: textPath, pages: "1" })).stage).toBe("validation");
    const broken = join(fixture.folder.path, "broken.pdf");
    writeFileSync(broken, "%PDF-1.7 garbage");
    expect((await callTool(fixture.context, "Read", { file_path: broken })).text).toContain("could not be read as a PDF");
  });

  test("a notebook comes back as cells with ids, sources and outputs", async () => {
    fixture = await createToolFixture();
    const path = join(fixture.folder.path, "n.ipynb");
    writeFileSync(path, JSON.stringify({
      nbformat: 4, nbformat_minor: 5, metadata: {},
      cells: [
        { id: "intro", cell_type: "markdown", metadata: {}, source: ["# Title\n", "text"] },
        { id: "calc", cell_type: "code", metadata: {}, execution_count: 1, source: "print(1+1)",
          outputs: [{ output_type: "stream", name: "stdout", text: ["2\n"] },
            { output_type: "display_data", data: { "image/png": PNG_1X1.toString("base64"), "text/plain": "<Figure>" } }] },
        { id: "bad", cell_type: "code", metadata: {}, execution_count: 2, source: "1/0",
          outputs: [{ output_type: "error", ename: "ZeroDivisionError", evalue: "division by zero", traceback: ["\u001b[31mTraceback\u001b[0m"] }] },
      ],
    }));
    const content = blocks(await callTool(fixture.context, "Read", { file_path: path }));
    const text = content.filter((block) => block.type === "text").map((block) => block.text).join("\n");
    expect(text).toContain('<cell id="intro" type="markdown">\n# Title\ntext\n</cell>');
    expect(text).toContain('<cell id="calc" type="code", execution 1>\nprint(1+1)\n</cell>\n<output>\n2\n</output>');
    expect(text).toContain("ZeroDivisionError: division by zero\nTraceback");
    expect(content.some((block) => block.type === "image")).toBe(true);
    const broken = join(fixture.folder.path, "broken.ipynb");
    writeFileSync(broken, "{ not json");
    expect((await callTool(fixture.context, "Read", { file_path: broken })).text).toContain("is not valid JSON");
  });

  test("a window near the end of a large file is streamed", async () => {
    fixture = await createToolFixture();
    const path = join(fixture.folder.path, "big.txt");
    writeFileSync(path, Array.from({ length: 200_000 }, (_, index) => `line ${index + 1}`).join("\n") + "\n");
    const result = await callTool(fixture.context, "Read", { file_path: path, offset: 199_999, limit: 5 });
    expect(result.text).toBe("199999\tline 199999\n200000\tline 200000");
    expect((await callTool(fixture.context, "Read", { file_path: path })).text).toContain("Read it in parts with offset and limit");
  });
});
