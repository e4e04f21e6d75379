#!/usr/bin/env bun
/**
 * Builds toolshed's standalone executables: every flavor in flags/ (one file each) for the host,
 * or the flavors and targets asked for, then smoke-tests, audits and checks them; with --release
 * and --npm, packs them into release archives and npm tarballs.
 * Usage: bun build.ts [--flavor <name>]... [--target <target> | --target all]... [--release] [--npm] (see --help)
 */
import { BuildCheckError, BuildConfigError } from "./scripts/build/buildErrors.ts";
import { formatHowToRun, formatSummary } from "./scripts/build/formatSummary.ts";
import { BUILD_HELP, defaultSelection, parseBuildArgs } from "./scripts/build/parseBuildArgs.ts";
import { runBuild } from "./scripts/build/runBuild.ts";

async function main(): Promise<number> {
  const args = parseBuildArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(BUILD_HELP);
    return 0;
  }
  const say = (line: string) => (args.json ? process.stderr : process.stdout).write(`${line}\n`);
  const result = await runBuild({
    root: import.meta.dir,
    ...defaultSelection(args),
    commit: args.commit,
    updateBaseline: args.updateBaseline,
    release: args.release,
    npm: args.npm,
    onProgress: say,
  });
  if (args.json) {
    const { audit, ...rest } = result;
    const flavors = audit.flavors.map(({ modules: _modules, ...flavor }) => flavor);
    process.stdout.write(`${JSON.stringify({ ...rest, audit: { ...audit, flavors } }, null, 2)}\n`);
  } else {
    say(`\n${formatSummary(result)}`);
  }
  if (!result.ok) {
    process.stderr.write(`\nThe build failed ${result.failures.length === 1 ? "a check" : `${result.failures.length} checks`}:\n${result.failures.map((failure) => `- ${failure}`).join("\n")}\n`);
    return 1;
  }
  if (!args.json) say(formatHowToRun(result));
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof BuildConfigError) {
    process.stderr.write(`build: ${error.message}\nRun "bun build.ts --help" for usage.\n`);
    process.exitCode = 2;
  } else if (error instanceof BuildCheckError) {
    process.stderr.write(`build: ${error.message}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
