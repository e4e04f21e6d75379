#!/usr/bin/env bun
/**
 * `npm run bench`: runs every benchmark and ends with one line per figure,
 * `<name>: <value> (goal <= <target>)`. Figures never fail the run by being slow.
 * Usage: bun bench/run.ts [--only <benchmark name>]...
 */
import { parseArgs } from "node:util";
import { formatFigure, type Benchmark, type Figure } from "./figure.ts";
import { pipelineBenchmark } from "./pipeline.bench.ts";
import { startupBenchmark } from "./startup.bench.ts";
import { parallelBenchmark } from "./parallel.bench.ts";
import { buildBenchmark } from "./build.bench.ts";
import { grepBenchmark } from "./grep.bench.ts";
import { globBenchmark } from "./glob.bench.ts";
import { bigOutputBenchmark } from "./bigOutput.bench.ts";
import { bigFileBenchmark } from "./bigFile.bench.ts";
import { sessionBenchmark } from "./session.bench.ts";
import { mcpStartBenchmark } from "./mcpStart.bench.ts";
import { terminalBenchmark } from "./terminal.bench.ts";
import { toolSearchBenchmark } from "./toolSearch.bench.ts";

/** Every benchmark, in the order they run. Add new ones here. */
const BENCHMARKS: Benchmark[] = [pipelineBenchmark, startupBenchmark, parallelBenchmark, grepBenchmark, globBenchmark, bigOutputBenchmark, bigFileBenchmark, sessionBenchmark, mcpStartBenchmark, toolSearchBenchmark, terminalBenchmark, buildBenchmark];

const { values } = parseArgs({ options: { only: { type: "string", multiple: true }, help: { type: "boolean", short: "h" } } });
if (values.help) {
  console.log(`Usage: bun bench/run.ts [--only <name>]...\nBenchmarks: ${BENCHMARKS.map((b) => b.name).join(", ")}`);
  process.exit(0);
}
const unknown = (values.only ?? []).filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(", ")}. The benchmarks are: ${BENCHMARKS.map((b) => b.name).join(", ")}.`);
  process.exit(2);
}
const selected = values.only ? BENCHMARKS.filter((benchmark) => values.only?.includes(benchmark.name)) : BENCHMARKS;

const figures: Figure[] = [];
for (const benchmark of selected) {
  process.stderr.write(`running ${benchmark.name}...\n`);
  try {
    const results = await benchmark.run();
    for (const figure of results) process.stderr.write(`  ${figure.name}: ${figure.detail ?? ""}\n`);
    figures.push(...results);
  } catch (error) {
    process.stderr.write(`  ${benchmark.name} could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
for (const figure of figures) console.log(formatFigure(figure));
