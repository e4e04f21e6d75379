/** A streaming answer splits into finished blocks (printed above for good) and the part still growing. */
import { describe, expect, test } from "bun:test";
import { showableStreamingText, splitStableMarkdown } from "../../../src/terminal/markdown/splitStableMarkdown.ts";

test("blocks end at a blank line once the next has begun, never inside a code fence", () => {
  expect(splitStableMarkdown("one paragraph")).toEqual({ stable: "", rest: "one paragraph" });
  expect(splitStableMarkdown("one\n\ntwo")).toEqual({ stable: "one\n\n", rest: "two" });
  expect(splitStableMarkdown("one\n\n")).toEqual({ stable: "", rest: "one\n\n" });
  expect(splitStableMarkdown("intro\n\n```\ncode\n\nmore code")).toEqual({ stable: "intro\n\n", rest: "```\ncode\n\nmore code" });
  expect(splitStableMarkdown("intro\n\n```\ncode\n\n```\n\nafter")).toEqual({ stable: "intro\n\n```\ncode\n\n```\n\n", rest: "after" });
  expect(splitStableMarkdown("~~~\nfenced\n~~~\n\nnext").stable).toBe("~~~\nfenced\n~~~\n\n");
});

describe("showableStreamingText", () => {
  test("holds back a last line that may be a fence until it ends; everything else shows", () => {
    expect(showableStreamingText("Done.\n\n`")).toBe("Done.\n\n");
    expect(showableStreamingText("Done.\n\n``")).toBe("Done.\n\n");
    expect(showableStreamingText("Done.\n\n```ts")).toBe("Done.\n\n");
    expect(showableStreamingText("```ts\nconst a = 1;\n``")).toBe("```ts\nconst a = 1;\n");
    expect(showableStreamingText("~~")).toBe("");
    // Once the line ends it shows, and inline code in the middle of a line is never held back.
    expect(showableStreamingText("Done.\n\n```ts\n")).toBe("Done.\n\n```ts\n");
    expect(showableStreamingText("use `greet` her")).toBe("use `greet` her");
    expect(showableStreamingText("plain text")).toBe("plain text");
  });
});
