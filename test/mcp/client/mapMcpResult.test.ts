/** What the model gets from each kind of MCP content. */
import { describe, expect, test } from "bun:test";
import { mapMcpResult, MAX_IMAGE_BYTES } from "../../../src/mcp/client/mapMcpResult.ts";

const PNG = Buffer.from("fake png bytes").toString("base64");

describe("mapMcpResult", () => {
  test("text, images, audio, resource links and embedded resources", () => {
    const output = mapMcpResult({
      content: [
        { type: "text", text: "hello" },
        { type: "image", data: PNG, mimeType: "image/png" },
        { type: "image", data: PNG, mimeType: "image/bmp" },
        { type: "audio", data: PNG, mimeType: "audio/wav" },
        { type: "resource_link", uri: "file:///a.txt", name: "a.txt", mimeType: "text/plain" },
        { type: "resource", resource: { uri: "file:///b.txt", text: "inside b" } },
        { type: "resource", resource: { uri: "file:///c.bin", blob: PNG, mimeType: "application/octet-stream" } },
      ],
    });
    expect(output.isError).toBe(false);
    expect(output.content[0]).toEqual({ type: "text", text: "hello" });
    expect(output.content[1]).toEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: PNG } });
    expect(output.content[2]).toEqual({ type: "text", text: "[The tool returned an image of type image/bmp, which cannot be shown: only PNG, JPEG, GIF and WebP images can.]" });
    expect(output.content[3]).toEqual({ type: "text", text: "[The tool returned audio (audio/wav, 14 bytes), which cannot be played here.]" });
    expect(output.content[4]).toEqual({ type: "text", text: "[Resource link: a.txt <file:///a.txt> (text/plain). Read it with ReadMcpResource if you need its content.]" });
    expect(output.content[5]).toEqual({ type: "text", text: "[Resource file:///b.txt]\ninside b" });
    expect(output.content[6]).toMatchObject({ type: "text", text: expect.stringContaining("as binary data (application/octet-stream, 14 bytes)") });
  });

  test("structured content comes first as JSON and stands for the text blocks; images stay", () => {
    const structured = { temperature: 21, unit: "C" };
    const output = mapMcpResult({
      content: [{ type: "text", text: JSON.stringify(structured) }, { type: "text", text: "21 C" }, { type: "image", data: PNG, mimeType: "image/png" }],
      structuredContent: structured,
    });
    expect(output.content).toEqual([
      { type: "text", text: `Structured result (JSON):\n${JSON.stringify(structured, null, 2)}` },
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
    ]);
  });

  test("isError stays an error; an empty result says so; an oversized image is a note", () => {
    expect(mapMcpResult({ content: [{ type: "text", text: "boom" }], isError: true })).toEqual({ content: [{ type: "text", text: "boom" }], isError: true });
    expect(mapMcpResult({ content: [] }).content).toEqual([{ type: "text", text: "(The tool returned no content.)" }]);
    const big = "A".repeat(Math.ceil(((MAX_IMAGE_BYTES + 10) * 4) / 3));
    expect(mapMcpResult({ content: [{ type: "image", data: big, mimeType: "image/png" }] }).content[0]).toMatchObject({ type: "text", text: expect.stringContaining("over the 5242880 bytes an image may have") });
  });
});
