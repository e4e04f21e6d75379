/** The command line of `bun build.ts`; unknown flags are errors that list the valid ones. */
import { parseArgs } from "node:util";
import { NPM_FLAVOR, NPM_TARGETS } from "../npm/npmPackages.ts";
import { BuildConfigError } from "./buildErrors.ts";
import { TARGETS } from "./targets.ts";

export interface BuildArgs {
  flavors: string[];
  targets: string[];
  json: boolean;
  help: boolean;
  updateBaseline: boolean;
  release: boolean;
  npm: boolean;
  commit?: string;
}

const OPTIONS = {
  flavor: { type: "string", multiple: true },
  target: { type: "string", multiple: true },
  json: { type: "boolean" },
  "update-baseline": { type: "boolean" },
  release: { type: "boolean" },
  npm: { type: "boolean" },
  commit: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export const BUILD_HELP = `Usage: bun build.ts [--flavor <name>]... [--target <target> | --target all]... [options]

Builds toolshed's standalone executables: each flavor (a file in flags/) for each target, then
smoke-tests, audits and checks them. With no flags: every flavor for this machine (npm run build).

Options:
  --flavor <name>      Build this flavor (repeatable; default: every file in flags/)
  --target <target>    ${TARGETS.join(", ")},
                       host or all (repeatable; default: host)
  --release            Then write the release into dist/release/: an archive per flavor and target
                       (toolshed-<version>-<flavor>-<target>.tar.gz, .zip for Windows), SHA256SUMS,
                       release.json and install.sh (default targets: all)
  --npm                Then write the npm tarballs into dist/npm/: toolshed-<version>.tgz and one
                       @toolshed/<target> package per platform (default: flavor ${NPM_FLAVOR}, targets
                       ${NPM_TARGETS.join(", ")})
  --json               Print the result as JSON on stdout (progress goes to stderr)
  --update-baseline    Write this build's sizes to build/audit-baseline.json
  --commit <hash>      Stamp this commit instead of asking git (for builds outside a checkout)
  --help, -h           Show this help

Output: dist/<flavor>/<target>/toolshed[.exe], dist/manifest.json, dist/SHA256SUMS,
dist/audit.json, dist/audit.md, dist/audit.html. dist/ then holds only what this build made:
executables of other flavors or targets from an earlier build are removed, and manifest.json and
SHA256SUMS are written only when every check passed, and so are dist/release/ and dist/npm/ (a
build without --release or --npm removes them: they would describe other binaries). Exit status:
0 built and every check passed, 1 a check failed (smoke test, leak, budget, source map), 2 a bad
request.
`;

function validFlags(): string {
  return Object.entries(OPTIONS).map(([name, option]) => `--${name}${"short" in option ? ` (-${option.short})` : ""}`).join(", ");
}

/** Parses the arguments after `build.ts`. */
export function parseBuildArgs(args: string[]): BuildArgs {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split(/\n|\. To specify/)[0];
    throw new BuildConfigError(`${reason}. The flags are: ${validFlags()}.`);
  }
  if (parsed.positionals.length > 0) {
    throw new BuildConfigError(`unexpected argument "${parsed.positionals[0]}". The flags are: ${validFlags()}.`);
  }
  const commit = parsed.values.commit;
  if (commit !== undefined && !/^[0-9a-f]{7,40}(-dirty)?$/.test(commit)) {
    throw new BuildConfigError(`--commit wants a hex commit hash (7 to 40 characters, optionally ending in -dirty), not "${commit}".`);
  }
  return {
    flavors: parsed.values.flavor ?? [],
    targets: parsed.values.target ?? [],
    json: parsed.values.json ?? false,
    help: parsed.values.help ?? false,
    updateBaseline: parsed.values["update-baseline"] ?? false,
    release: parsed.values.release ?? false,
    npm: parsed.values.npm ?? false,
    commit,
  };
}

/**
 * The flavors and targets to build when none are named: a release is every flavor for every
 * target, the npm packages alone are the npm flavor for the npm targets, anything else is every
 * flavor for this machine (an empty list).
 */
export function defaultSelection(args: Pick<BuildArgs, "flavors" | "targets" | "release" | "npm">): { flavors: string[]; targets: string[] } {
  const flavors = args.flavors.length > 0 || args.release || !args.npm ? args.flavors : [NPM_FLAVOR];
  const targets = args.targets.length > 0 ? args.targets : args.release ? ["all"] : args.npm ? [...NPM_TARGETS] : [];
  return { flavors, targets };
}
