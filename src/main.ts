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
  const [{ runCli }, { flushProcessStreams }] = await Promise.all([import("./cli/runCli.ts"), import("./cli/processStreams.ts")]);
  const status = await runCli(args);
  await flushProcessStreams();
  // Exit now rather than when the event loop drains: a permission question cut short by Ctrl-C
  // leaves a reader on standard input that would otherwise keep the process waiting for a line.
  process.exit(status);
}
