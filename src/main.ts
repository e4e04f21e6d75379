#!/usr/bin/env bun
/**
 * The CLI entry. `--version` answers before anything heavy is imported; everything else loads
 * the command runner on demand.
 */
import { formatVersion } from "./buildInfo.ts";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  console.log(formatVersion()); // console.log, not process.stdout: see cli/runCli.ts
} else {
  const { flushProcessStreams, runCli } = await import("./cli/runCli.ts");
  process.exitCode = await runCli(args);
  await flushProcessStreams();
}
