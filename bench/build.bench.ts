/**
 * Build: `npm run build` (every flavor for the host, smoke tests and audit included) against one
 * bare `bun build --compile` of a hello-world, both as whole processes, interleaved.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compareInterleaved, type Benchmark } from "./figure.ts";
import { benchDirectory, runOnce } from "./lib/binaries.ts";

/** Each round is a full build, so a few rounds are enough for a median. */
const ROUNDS = 3;

export const buildBenchmark: Benchmark = {
  name: "build",
  async run() {
    mkdirSync(benchDirectory, { recursive: true });
    const source = join(benchDirectory, "hello.ts");
    writeFileSync(source, 'console.log("hello");\n');
    const hello = () => runOnce([process.execPath, "build", "--compile", "--minify", source, "--outfile", join(benchDirectory, "hello-build")]);
    const build = () => runOnce([process.execPath, "build.ts"]);
    const result = await compareInterleaved(build, hello, ROUNDS);
    return [{
      name: "build",
      value: result.ratio,
      goal: 6,
      detail: `npm run build ${(result.subjectMs / 1000).toFixed(1)} s vs hello-world compile ${(result.referenceMs / 1000).toFixed(1)} s, median of ${ROUNDS}`,
    }];
  },
};
