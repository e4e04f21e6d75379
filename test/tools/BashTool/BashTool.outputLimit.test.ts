import { afterEach, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { MAX_COMMAND_OUTPUT_BYTES } from "../../../src/tools/BashTool/limits.ts";
import { reportSkip } from "../../helpers/specialFiles.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

test("a command whose output passes the limit is stopped, before its timeout, and says why", async () => {
  if (!existsSync("/proc/self/fd/1") || Bun.which("truncate") === null) return reportSkip("Bash output limit", "needs /proc and truncate");
  fixture = await createToolFixture({ allow: ["Bash"] });
  // The output file is grown (sparse, so nothing is really written) past the limit at once.
  const started = Date.now();
  const result = await callTool(fixture.context, "Bash", { command: `truncate -s ${MAX_COMMAND_OUTPUT_BYTES + 1024 * 1024} /proc/self/fd/1; sleep 30`, timeout: 20_000 });
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(result.result.is_error).toBe(true);
  expect(result.text).toContain(`Command wrote more than ${MAX_COMMAND_OUTPUT_BYTES / 1024 / 1024} MB of output and was stopped with every process it started.`);
});
