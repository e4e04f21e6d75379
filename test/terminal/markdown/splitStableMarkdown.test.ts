/** A streaming answer splits into finished blocks (printed above for good) and the part still growing. */
import { expect, test } from "bun:test";
import { splitStableMarkdown } from "../../../src/terminal/markdown/splitStableMarkdown.ts";

test("blocks end at a blank line once the next has begun, never inside a code fence", () => {
  expect(splitStableMarkdown("one paragraph")).toEqual({ stable: "", rest: "one paragraph" });
  expect(splitStableMarkdown("one\n\ntwo")).toEqual({ stable: "one\n\n", rest: "two" });
  expect(splitStableMarkdown("one\n\n")).toEqual({ stable: "", rest: "one\n\n" });
  expect(splitStableMarkdown("intro\n\n```\ncode\n\nmore code")).toEqual({ stable: "intro\n\n", rest: "```\ncode\n\nmore code" });
  expect(splitStableMarkdown("intro\n\n```\ncode\n\n```\n\nafter")).toEqual({ stable: "intro\n\n```\ncode\n\n```\n\n", rest: "after" });
  expect(splitStableMarkdown("~~~\nfenced\n~~~\n\nnext").stable).toBe("~~~\nfenced\n~~~\n\n");
});
