import { describe, expect, test } from "bun:test";
import { FileStateCache } from "../../src/files/FileStateCache.ts";

const state = (size: number) => ({ mtimeMs: 1, size, readAt: 0 });

describe("FileStateCache", () => {
  test("evicts the least recently used path when full", () => {
    const cache = new FileStateCache(2);
    cache.set("/a", state(1));
    cache.set("/b", state(2));
    cache.get("/a"); // /a is now the most recent
    cache.set("/c", state(3));
    expect(cache.has("/b")).toBe(false);
    expect(cache.keys()).toEqual(["/a", "/c"]);
    expect(cache.size).toBe(2);
  });

  test("setting an existing path replaces it and marks it recent", () => {
    const cache = new FileStateCache(2);
    cache.set("/a", state(1));
    cache.set("/b", state(2));
    cache.set("/a", state(9));
    cache.set("/c", state(3));
    expect(cache.get("/a")?.size).toBe(9);
    expect(cache.has("/b")).toBe(false);
  });

  test("refuses a size that is not a positive whole number", () => {
    expect(() => new FileStateCache(0)).toThrow(RangeError);
    expect(() => new FileStateCache(1.5)).toThrow(RangeError);
  });
});
