/**
 * Terminal ready: from the start of the interactive terminal (`toolshed`, the built public
 * binary, in a pseudo-terminal) until its input prompt is drawn, against the bare compiled
 * hello-world printing its line in the same kind of terminal; interleaved, medians compared.
 * Also reported: when a key typed at that moment shows in the input (the screen fully live).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { median, type Benchmark } from "./figure.ts";
import { benchDirectory, helloWorldBinary, publicBinary } from "./lib/binaries.ts";
import { timeToScreen } from "./lib/timeToScreen.ts";

const ROUNDS = 21;
/** The input box's first line: the terminal is ready for a message. */
const PROMPT_DRAWN = /│ > /;

export const terminalBenchmark: Benchmark = {
  name: "terminal",
  async run() {
    const toolshed = await publicBinary();
    const hello = await helloWorldBinary();
    const folder = join(benchDirectory, "terminal");
    const project = join(folder, "project");
    mkdirSync(join(project, ".git"), { recursive: true });
    mkdirSync(join(folder, "config"), { recursive: true });
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: folder,
      TERM: "xterm-256color",
      LANG: "C.UTF-8",
      TOOLSHED_CONFIG_DIR: join(folder, "config"),
      TOOLSHED_MANAGED_SETTINGS: join(folder, "managed.json"),
      // Nothing is sent before the first message; the address only has to be set.
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
      ANTHROPIC_API_KEY: "bench-key",
    };
    // The probe types a letter: the time until it shows is when keys are really being read.
    const terminal = () => timeToScreen({ command: [toolshed, "--model", "sonnet"], ready: PROMPT_DRAWN, probe: { send: "x", shows: /> x/ }, cwd: project, env, leave: "\u0015\u0004" });
    const reference = () => timeToScreen({ command: [hello], ready: /hello/, cwd: project, env });
    for (let warm = 0; warm < 2; warm++) {
      await terminal();
      await reference();
    }
    const subject: number[] = [];
    const typing: number[] = [];
    const baseline: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const timing = await terminal();
      subject.push(timing.readyMs);
      typing.push(timing.probeMs ?? Number.NaN);
      baseline.push((await reference()).readyMs);
    }
    const subjectMs = median(subject);
    const typingMs = median(typing);
    const referenceMs = median(baseline);
    return [{
      name: "terminal ready",
      value: subjectMs / referenceMs,
      goal: 10,
      detail: `prompt drawn after ${subjectMs.toFixed(1)} ms vs hello-world ${referenceMs.toFixed(1)} ms; a key typed then shows after ${typingMs.toFixed(1)} ms (${(typingMs / referenceMs).toFixed(1)}x; medians of ${ROUNDS})`,
    }];
  },
};
