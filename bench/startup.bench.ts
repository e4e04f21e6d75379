/** Startup and tools listing: the built public binary against a bare compiled hello-world. */
import { compareInterleaved, type Benchmark } from "./figure.ts";
import { helloWorldBinary, publicBinary, runOnce } from "./lib/binaries.ts";

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
    return [
      { name: "startup", value: startup.ratio, goal: 1.5, detail: `${startup.subjectMs.toFixed(1)} ms vs ${startup.referenceMs.toFixed(1)} ms` },
      { name: "tools listing", value: listing.ratio, goal: 3, detail: `${listing.subjectMs.toFixed(1)} ms vs ${listing.referenceMs.toFixed(1)} ms` },
    ];
  },
};
