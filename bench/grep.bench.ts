/** Grep through the built binary, with ripgrep and with the built-in engine, against plain `rg`. */
import { compareInterleaved, type Benchmark } from "./figure.ts";
import { benchEnvironment, runIn, withSearchCorpus } from "./lib/searchCorpus.ts";

const ROUNDS = 11;
const PATTERN = "needle_[0-9]+";

export const grepBenchmark: Benchmark = {
  name: "grep",
  run: () =>
    withSearchCorpus(async ({ toolshed, rg, corpus }) => {
      const input = JSON.stringify({ pattern: PATTERN });
      const withRipgrep = () => runIn(corpus, [toolshed, "run", "Grep", input], benchEnvironment());
      const builtin = () => runIn(corpus, [toolshed, "run", "Grep", input], benchEnvironment({ TOOLSHED_GREP_ENGINE: "builtin" }));
      const reference = () => runIn(corpus, [rg, "--files-with-matches", PATTERN, corpus], undefined, [0, 1]);
      await compareInterleaved(withRipgrep, reference, 2); // warm the page cache
      const grep = await compareInterleaved(withRipgrep, reference, ROUNDS);
      const noRipgrep = await compareInterleaved(builtin, reference, ROUNDS);
      return [
        { name: "Grep", value: grep.ratio, goal: 1.3, detail: `${grep.subjectMs.toFixed(1)} ms vs rg ${grep.referenceMs.toFixed(1)} ms (20,000 files)` },
        { name: "Grep without ripgrep", value: noRipgrep.ratio, goal: 3, detail: `${noRipgrep.subjectMs.toFixed(1)} ms vs rg ${noRipgrep.referenceMs.toFixed(1)} ms` },
      ];
    }),
};
