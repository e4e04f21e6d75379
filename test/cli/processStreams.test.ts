import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createOrderedWriter, readLimited } from "../../src/cli/processStreams.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";

describe("createOrderedWriter", () => {
  test("writes land in order", async () => {
    const landed: string[] = [];
    const writer = createOrderedWriter(async (text) => void landed.push(text));
    for (const text of ["a", "b", "c"]) void writer.write(text);
    await writer.flush();
    expect(landed).toEqual(["a", "b", "c"]);
  });

  test("after the reader goes away (EPIPE) the rest is dropped and nothing rejects", async () => {
    const attempted: string[] = [];
    const writer = createOrderedWriter(async (text) => {
      attempted.push(text);
      if (text === "second") throw Object.assign(new Error("broken pipe"), { code: "EPIPE" });
    });
    const writes = ["first", "second", "third"].map((text) => writer.write(text));
    await Promise.all(writes); // would reject before the fix
    await writer.flush();
    expect(attempted).toEqual(["first", "second"]);
  });
});

describe("the real process with a reader that stops early", () => {
  const main = join(import.meta.dir, "..", "..", "src", "main.ts");
  test("`toolshed tools | head -c 1` exits 0 with nothing on stderr", () => {
    const folder = createTemporaryFolder();
    // The race (the reader closing mid-write) is the kernel's to decide; a few rounds make it likely.
    for (let round = 0; round < 3; round++) {
      const script = `"$0" "$1" tools 2>"$2" | head -c 1 >/dev/null; echo "\${PIPESTATUS[0]}"; cat "$2"`;
      const result = Bun.spawnSync(["bash", "-c", script, process.execPath, main, join(folder.path, "stderr.txt")], {
        env: { ...process.env, TOOLSHED_SESSION_DIR: join(folder.path, "session") },
      });
      expect(result.stdout.toString()).toBe("0\n");
    }
    folder.remove();
  });
});

describe("readLimited", () => {
  /** A stream that sends `parts`, each after `gapMs`, and then ends, or stays open when `end` is false. */
  const slowStream = (parts: string[], gapMs: number, end = true) => new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of parts) {
        await Bun.sleep(gapMs);
        controller.enqueue(new TextEncoder().encode(part));
      }
      if (end) controller.close();
    },
  });

  test("with a first-data wait: undefined for a stream that stays silent, all of it once anything arrives in time, however slowly the rest comes", async () => {
    expect(await readLimited(slowStream([], 0, false), 1024, 30)).toBeUndefined();
    expect(await readLimited(slowStream(["a", "b", "c"], 20), 1024, 200)).toBe("abc");
    expect(await readLimited(slowStream(["late"], 100), 1024, 20)).toBeUndefined();
  });

  test("without one, it reads to the end; past the limit is a usage error", async () => {
    expect(await readLimited(slowStream(["x", "y"], 5), 1024)).toBe("xy");
    await expect(readLimited(slowStream(["12345", "67890"], 1), 8)).rejects.toThrow("standard input is more than");
  });
});
