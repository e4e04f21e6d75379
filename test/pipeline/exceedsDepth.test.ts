import { expect, test } from "bun:test";
import { exceedsDepth } from "../../src/pipeline/exceedsDepth.ts";

test("measures nesting of arrays and objects without recursion", () => {
  expect(exceedsDepth("text", 0)).toBe(false);
  expect(exceedsDepth({ a: 1, b: "x" }, 1)).toBe(false);
  expect(exceedsDepth({ a: 1 }, 0)).toBe(true);
  expect(exceedsDepth({ a: [1, { b: 2 }] }, 3)).toBe(false);
  expect(exceedsDepth({ a: [1, { b: 2 }] }, 2)).toBe(true);
  let deep: unknown = 0;
  for (let level = 0; level < 200_000; level++) deep = { next: deep };
  expect(exceedsDepth(deep, 64)).toBe(true);
  const cyclic: { self?: unknown } = {};
  cyclic.self = cyclic;
  expect(exceedsDepth(cyclic, 64)).toBe(true);
});
