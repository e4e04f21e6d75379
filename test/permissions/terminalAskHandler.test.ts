import { describe, expect, test } from "bun:test";
import { PassThrough } from "node:stream";
import { createTerminalAskHandler } from "../../src/permissions/terminalAskHandler.ts";
import { fakeTool } from "../helpers/fakeTool.ts";

function handlerWith(answers: string) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk) => (shown += chunk.toString()));
  input.end(answers);
  return { handler: createTerminalAskHandler(input, output), shown: () => shown };
}

const request = {
  tool: fakeTool({ name: "Writer" }),
  input: { text: "hello" },
  decision: { decision: "ask" as const, reason: "Writer can make changes" },
};

describe("the terminal ask handler", () => {
  test("shows the tool, its input and the reason, and reads the answer", async () => {
    const { handler, shown } = handlerWith("y\n");
    expect(handler.interactive).toBe(true);
    expect(await handler.ask(request)).toBe("yes");
    expect(shown()).toContain("Writer wants to run:");
    expect(shown()).toContain('"text": "hello"');
    expect(shown()).toContain("Reason: Writer can make changes");
  });

  test("a question whose answer holds once offers no always, and asks again when given one", async () => {
    const { handler, shown } = handlerWith("a\ny\n");
    expect(await handler.ask({ ...request, decision: { ...request.decision, answerHoldsOnce: true } })).toBe("yes");
    expect(shown()).toContain("Allow this once? [y]es / [n]o: ");
    expect(shown()).not.toContain("[a]lways");
    expect(shown()).toContain("Please answer y or n.");
  });

  test("asks again after an answer it does not understand; accepts always", async () => {
    const { handler, shown } = handlerWith("maybe\nalways\n");
    expect(await handler.ask(request)).toBe("always");
    expect(shown()).toContain("Please answer y, n or a.");
  });

  test("a closed input means no", async () => {
    const { handler } = handlerWith("");
    expect(await handler.ask(request)).toBe("no");
  });
});

test("an abort while the question is open answers no at once and lets go of the input", async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  output.resume();
  const handler = createTerminalAskHandler(input, output);
  const controller = new AbortController();
  const pending = handler.ask({ ...request, signal: controller.signal });
  controller.abort();
  expect(await pending).toBe("no");
  expect(await handler.ask({ ...request, signal: controller.signal })).toBe("no");
});
