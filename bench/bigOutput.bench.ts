/** Bash printing 1 GB through the built binary: its peak memory above an idle run. */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { median, type Benchmark } from "./figure.ts";
import { benchDirectory, publicBinary } from "./lib/binaries.ts";
import { peakMemory } from "./lib/peakMemory.ts";
import { benchEnvironment } from "./lib/searchCorpus.ts";

const ROUNDS = 3;
const MIB = 1024 * 1024;

export const bigOutputBenchmark: Benchmark = {
  name: "big-output",
  async run() {
    const toolshed = await publicBinary();
    const cwd = join(benchDirectory, "big-output");
    mkdirSync(cwd, { recursive: true });
    const env = benchEnvironment({ TOOLSHED_SESSION_DIR: join(cwd, "session") });
    const bash = (command: string) => [toolshed, "run", "Bash", JSON.stringify({ command }), "--allowedTools", "Bash"];
    try {
      const idle: number[] = [];
      const loaded: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        idle.push(await peakMemory(bash("true"), { cwd, env }));
        loaded.push(await peakMemory(bash("head -c 1000000000 /dev/zero | tr '\\0' x"), { cwd, env }));
        rmSync(join(cwd, "session"), { recursive: true, force: true });
      }
      const above = (median(loaded) - median(idle)) / MIB;
      return [{ name: "big output", value: above, goal: 64, unit: "MiB", detail: `peak ${(median(loaded) / MIB).toFixed(1)} MiB vs idle ${(median(idle) / MIB).toFixed(1)} MiB` }];
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  },
};
