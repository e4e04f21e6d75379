/** Bash reports its output as progress while it runs, so a person sees the lines as they come. */
import { afterEach, expect, test } from "bun:test";
import type { ToolProgress } from "../../../src/Tool.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

test("each line is a progress event before the call ends; the result still holds the whole output", async () => {
  folder = createTemporaryFolder();
  const seen: { line: string; at: number }[] = [];
  const context = await createTestContext({
    cwd: folder.path,
    allow: ["Bash"],
    onProgress: (progress: ToolProgress<unknown>) => seen.push({ line: (progress.data as { line: string }).line, at: Date.now() }),
  });
  const outcome = await callTool(context, "Bash", { command: "echo first; sleep 0.5; echo second" });
  const ended = Date.now();
  expect(outcome.text).toBe("first\nsecond");
  expect(seen.map((event) => event.line)).toContain("first");
  // "first" was reported while the command was still running.
  expect(ended - (seen.find((event) => event.line === "first")?.at ?? ended)).toBeGreaterThan(200);
});
