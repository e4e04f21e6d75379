/** Glob through the built binary against `rg --files --glob` on the same corpus. */
import { compareInterleaved, type Benchmark } from "./figure.ts";
import { benchEnvironment, runIn, withSearchCorpus } from "./lib/searchCorpus.ts";

const ROUNDS = 11;

export const globBenchmark: Benchmark = {
  name: "glob",
  run: () =>
    withSearchCorpus(async ({ toolshed, rg, corpus }) => {
      const glob = () => runIn(corpus, [toolshed, "run", "Glob", JSON.stringify({ pattern: "**/*.ts" })], benchEnvironment());
      const reference = () => runIn(corpus, [rg, "--files", "--glob", "*.ts", corpus]);
      await compareInterleaved(glob, reference, 2);
      const result = await compareInterleaved(glob, reference, ROUNDS);
      return [{ name: "Glob", value: result.ratio, goal: 1.5, detail: `${result.subjectMs.toFixed(1)} ms vs rg --files ${result.referenceMs.toFixed(1)} ms` }];
    }),
};
