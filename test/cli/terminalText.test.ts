/** What `toolshed run` prints: the tool's own terminal rendering of a success, the result's text otherwise. */
import { describe, expect, test } from "bun:test";
import { terminalText } from "../../src/cli/terminalText.ts";
import { fakeTool } from "../helpers/fakeTool.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../helpers/testSession.ts";

const Pretty = fakeTool({
  name: "Pretty",
  readOnly: true,
  call: async (input) => ({ data: { count: input.count ?? 0 } }),
  extra: { renderResultForTerminal: (output) => `counted ${(output as { count: number }).count} things` },
});

describe("terminalText", () => {
  test("a success is shown with renderResultForTerminal; the model's text is left for --json", async () => {
    const folder = createTemporaryFolder();
    const context = await createTestContext({ tools: [Pretty], cwd: folder.path });
    const outcome = await callTool(context, "Pretty", { count: 3 });
    expect(outcome.text).toBe('{"count":3}');
    expect(terminalText(outcome)).toBe("counted 3 things");
    const failed = await callTool(context, "Pretty", { count: "three" });
    expect(terminalText(failed)).toBe(failed.text);
    folder.remove();
  });
});
