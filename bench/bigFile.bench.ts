/** Read of the last 100 lines of a 2 GB file through the built binary: peak memory above an idle Read. */
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { median, type Benchmark } from "./figure.ts";
import { benchDirectory, publicBinary } from "./lib/binaries.ts";
import { peakMemory } from "./lib/peakMemory.ts";
import { benchEnvironment } from "./lib/searchCorpus.ts";

const ROUNDS = 3;
const MIB = 1024 * 1024;
const LINE_BYTES = 100;
const LINES = Math.ceil((2 * 1024 * MIB) / LINE_BYTES);

/** A 2 GiB file of fixed-width numbered lines. */
function writeBigFile(path: string): void {
  const descriptor = openSync(path, "w");
  try {
    const perChunk = 100_000;
    for (let first = 0; first < LINES; first += perChunk) {
      let chunk = "";
      for (let line = first; line < Math.min(LINES, first + perChunk); line++) chunk += `line ${String(line + 1).padStart(12, "0")} `.padEnd(LINE_BYTES - 1, ".") + "\n";
      writeSync(descriptor, chunk);
    }
  } finally {
    closeSync(descriptor);
  }
}

export const bigFileBenchmark: Benchmark = {
  name: "big-file",
  async run() {
    const toolshed = await publicBinary();
    const cwd = join(benchDirectory, "big-file");
    mkdirSync(cwd, { recursive: true });
    const big = join(cwd, "big.txt");
    const small = join(cwd, "small.txt");
    const env = benchEnvironment({ TOOLSHED_SESSION_DIR: join(cwd, "session") });
    try {
      writeBigFile(big);
      writeFileSync(small, "one line\n");
      const read = (input: object) => [toolshed, "run", "Read", JSON.stringify(input)];
      const idle: number[] = [];
      const loaded: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        idle.push(await peakMemory(read({ file_path: small }), { cwd, env }));
        loaded.push(await peakMemory(read({ file_path: big, offset: LINES - 99, limit: 100 }), { cwd, env }));
      }
      const above = (median(loaded) - median(idle)) / MIB;
      return [{ name: "big file", value: above, goal: 64, unit: "MiB", detail: `peak ${(median(loaded) / MIB).toFixed(1)} MiB vs idle ${(median(idle) / MIB).toFixed(1)} MiB` }];
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  },
};
