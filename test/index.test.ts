/** The library API, used the way an embedding agent would use it. */
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { buildTool, createSession, runToolUse, runTools } from "../src/index.ts";
import { createTemporaryFolder } from "./helpers/temporaryFolder.ts";

test("an embedding agent can add its own tool to the pool and run calls through the pipeline", async () => {
  const folder = createTemporaryFolder();
  try {
    writeFileSync(join(folder.path, "note.txt"), "embedded\n");
    const Shout = buildTool({
      name: "Shout",
      inputSchema: z.strictObject({ text: z.string() }),
      maxResultSizeChars: 1000,
      isReadOnly: () => true,
      async description() {
        return "Upper-cases text.";
      },
      async prompt() {
        return "Upper-cases text.";
      },
      async call(input) {
        return { data: input.text.toUpperCase() };
      },
      mapToolResultToToolResultBlockParam: (output: string, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
    });
    const session = await createSession({ cwd: folder.path, settings: {}, tools: (pool) => [...pool, Shout], sessionDirectory: join(folder.path, ".session") });
    const { context, canUseTool } = session;
    expect(session.tools.map((tool) => tool.name)).toContain("Shout");
    const one = await runToolUse({ toolUse: { id: "toolu_1", name: "Shout", input: { text: "hi" } }, context, canUseTool });
    expect(one.result.content).toBe("HI");
    const { outcomes } = await runTools({
      toolUses: [
        { id: "toolu_2", name: "Read", input: { file_path: join(folder.path, "note.txt") } },
        { id: "toolu_3", name: "Shout", input: { text: "ok" } },
      ],
      context,
      canUseTool,
    });
    expect(outcomes.map((outcome) => outcome.result.content)).toEqual(["1\tembedded", "OK"]);
    await session.close();
  } finally {
    folder.remove();
  }
});
