/** Startup, tools listing and run startup: the built public binary against a bare compiled hello-world. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compareInterleaved, type Benchmark } from "./figure.ts";
import { benchDirectory, helloWorldBinary, publicBinary, runOnce } from "./lib/binaries.ts";

const ROUNDS = 31;

export const startupBenchmark: Benchmark = {
  name: "startup",
  async run() {
    const toolshed = await publicBinary();
    const hello = await helloWorldBinary();
    const helloRun = () => runOnce([hello]);
    await compareInterleaved(() => runOnce([toolshed, "--version"]), helloRun, 3); // warm the page cache
    const startup = await compareInterleaved(() => runOnce([toolshed, "--version"]), helloRun, ROUNDS);
    const listing = await compareInterleaved(() => runOnce([toolshed, "tools", "--json"]), helloRun, ROUNDS);
    mkdirSync(benchDirectory, { recursive: true });
    const twoLines = join(benchDirectory, "two-lines.txt");
    writeFileSync(twoLines, "first\nsecond\n");
    const read = await compareInterleaved(() => runOnce([toolshed, "run", "Read", JSON.stringify({ file_path: twoLines })], benchDirectory), helloRun, ROUNDS);
    return [
      { name: "startup", value: startup.ratio, goal: 1.5, detail: `${startup.subjectMs.toFixed(1)} ms vs ${startup.referenceMs.toFixed(1)} ms` },
      { name: "tools listing", value: listing.ratio, goal: 3, detail: `${listing.subjectMs.toFixed(1)} ms vs ${listing.referenceMs.toFixed(1)} ms` },
      { name: "run startup", value: read.ratio, goal: 3, detail: `run Read of a two-line file: ${read.subjectMs.toFixed(1)} ms vs ${read.referenceMs.toFixed(1)} ms` },
    ];
  },
};
