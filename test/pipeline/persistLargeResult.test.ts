import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toolResultText } from "../../src/Tool.ts";
import { persistLargeResult } from "../../src/pipeline/persistLargeResult.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

function savedPath(text: string): string {
  const path = /saved in full to:\n(\S+)/.exec(text)?.[1];
  if (path === undefined) throw new Error(`no saved path in: ${text.slice(0, 200)}`);
  return path;
}

describe("persistLargeResult", () => {
  test("ids that sanitize to one name, and a repeated id, never overwrite each other's output", () => {
    const paths = ["a/b", "a_b", "a_b", "a b"].map((id, index) => {
      const text = `${index}`.repeat(50);
      const block = persistLargeResult({ type: "tool_result", tool_use_id: id, content: text }, 10, folder.path);
      const path = savedPath(toolResultText(block));
      expect(readFileSync(path, "utf8")).toBe(text);
      return path;
    });
    expect(new Set(paths).size).toBe(4);
    for (const [index, path] of paths.entries()) expect(readFileSync(path, "utf8")).toBe(`${index}`.repeat(50));
  });

  test("a very long id still gets a file (its name is cut)", () => {
    const block = persistLargeResult({ type: "tool_result", tool_use_id: "x".repeat(1000), content: "y".repeat(50) }, 10, folder.path);
    expect(readFileSync(savedPath(toolResultText(block)), "utf8")).toBe("y".repeat(50));
  });

  test("large content made of many text parts is saved whole; an image part is kept", () => {
    const parts = Array.from({ length: 1000 }, (_, index) => ({ type: "text" as const, text: `part ${index}` }));
    const image = { type: "image" as const, source: { type: "base64" as const, media_type: "image/png" as const, data: "AAAA" } };
    const block = persistLargeResult({ type: "tool_result", tool_use_id: "toolu_1", content: [...parts, image] }, 100, folder.path);
    expect(Array.isArray(block.content)).toBe(true);
    const content = block.content as Exclude<typeof block.content, string | undefined>;
    expect(content).toHaveLength(2);
    expect(content[1]).toEqual(image);
    expect(readFileSync(savedPath(toolResultText(block)), "utf8")).toBe(parts.map((part) => part.text).join("\n"));
  });

  test("when the file cannot be written the model still gets the preview and the reason", () => {
    const plainFile = join(folder.path, "plain");
    writeFileSync(plainFile, "not a folder");
    const block = persistLargeResult({ type: "tool_result", tool_use_id: "toolu_1", content: "z".repeat(5000) }, 10, join(plainFile, "session"));
    const text = toolResultText(block);
    expect(text).toContain("could not be saved to a file");
    expect(text).toContain("z".repeat(100));
    expect(text).not.toContain("saved in full");
  });
});
