import { describe, expect, test } from "bun:test";
import { compareNewestFirst, NewestFiles, type TimedPath } from "../../../src/tools/GlobTool/newestFiles.ts";

describe("NewestFiles", () => {
  test("keeps the same files, in the same order, as sorting everything would", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const all: TimedPath[] = Array.from({ length: 2_000 }, (_, index) => ({
      path: `/f/${Math.floor(random() * 10_000)}-${index}`,
      mtimeMs: Math.floor(random() * 50) * 1_000, // many equal times: the path breaks ties
    }));
    const newest = new NewestFiles(100);
    for (const entry of all) newest.offer(entry.path, entry.mtimeMs);
    expect(newest.total).toBe(2_000);
    expect(newest.newest).toEqual([...all].sort(compareNewestFirst).slice(0, 100));
  });

  test("fewer files than the limit are all kept", () => {
    const newest = new NewestFiles(100);
    newest.offer("/b", 5);
    newest.offer("/a", 5);
    newest.offer("/c", 9);
    expect(newest.newest.map((entry) => entry.path)).toEqual(["/c", "/a", "/b"]);
    expect(newest.total).toBe(3);
  });
});
