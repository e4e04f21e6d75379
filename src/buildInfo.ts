/**
 * What this binary is. The build replaces each `process.env.TOOLSHED_*` read below with a
 * literal (`define`), so a compiled binary cannot be relabelled by its environment; running
 * from source reports the "dev" flavor.
 */
import packageJson from "../package.json" with { type: "json" };

/** What `--version` reports: fixed at build time in a binary. */
export interface BuildInfo {
  version: string;
  flavor: string;
  features: string[];
  commit: string;
  bunVersion: string;
}

/** This binary's build facts (the "dev" flavor when running from source). */
export function getBuildInfo(): BuildInfo {
  const features = process.env.TOOLSHED_BUILD_FEATURES ?? "";
  return {
    version: packageJson.version,
    flavor: process.env.TOOLSHED_BUILD_FLAVOR ?? "dev",
    features: features === "" ? [] : features.split(","),
    commit: process.env.TOOLSHED_BUILD_COMMIT ?? "unknown",
    bunVersion: process.env.TOOLSHED_BUILD_BUN_VERSION ?? Bun.version,
  };
}

/** One line for `toolshed --version`. */
export function formatVersion(info: BuildInfo = getBuildInfo()): string {
  const features = info.features.length === 0 ? "none" : info.features.join(",");
  return `toolshed ${info.version} (flavor ${info.flavor}; features ${features}; commit ${info.commit}; bun ${info.bunVersion})`;
}
