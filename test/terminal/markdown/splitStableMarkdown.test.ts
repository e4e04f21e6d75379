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
    expect(showableStreamingText("   ```")).toBe("");
    expect(showableStreamingText("~~~ x")).toBe("");
  });

  test("a last line that can no longer be a fence shows as it comes: inline code, a path, strike-through", () => {
    expect(showableStreamingText("Intro\n`npm install` adds")).toBe("Intro\n`npm install` adds");
    expect(showableStreamingText("Paths:\n~/bin is")).toBe("Paths:\n~/bin is");
    expect(showableStreamingText("~~struck~~ text")).toBe("~~struck~~ text");
    expect(showableStreamingText("``` `x`")).toBe("``` `x`");
  });

  test("looks at the last line only: a long run of backticks earlier in the answer costs nothing", () => {
    const text = `Here is the output:\n${"`".repeat(200_000)}\nmore text arriving`;
    expect(showableStreamingText(text)).toBe(text);
    const tildes = "~".repeat(200_000);
    expect(showableStreamingText(tildes + "\n" + "```")).toBe(tildes + "\n");
  });
});
