/** The platforms a flavor can be compiled for, and where each executable goes. */
import { join } from "node:path";
import { BuildConfigError } from "./buildErrors.ts";
import { executableName, TARGET_PLATFORMS, TARGETS, type TargetName } from "../../src/release/targets.ts";

export { executableName, TARGET_PLATFORMS, TARGETS, type TargetName, type TargetPlatform } from "../../src/release/targets.ts";

function isTargetName(name: string): name is TargetName {
  return Object.hasOwn(TARGET_PLATFORMS, name);
}

/** The target of the machine running the build, if it is one we build for. */
export function hostTarget(): TargetName {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const name = `${os}-${process.arch}`;
  if (!isTargetName(name)) {
    throw new BuildConfigError(`this machine (${name}) is not a build target; pass --target with one of: ${TARGETS.join(", ")}.`);
  }
  return name;
}

/** The names given, with "all" expanded and "host" meaning this machine; unknown names list the valid ones. */
export function selectTargets(names: readonly string[]): TargetName[] {
  if (names.length === 0) return [hostTarget()];
  const selected: TargetName[] = [];
  for (const name of names) {
    if (name === "all") selected.push(...TARGETS);
    else if (name === "host") selected.push(hostTarget());
    else if (isTargetName(name)) selected.push(name);
    else throw new BuildConfigError(`unknown target "${name}". The targets are: ${TARGETS.join(", ")}, all, host.`);
  }
  return [...new Set(selected)];
}

/** `dist/<flavor>/<target>/toolshed[.exe]` under `outputDirectory`. */
export function executablePath(outputDirectory: string, flavor: string, target: TargetName): string {
  return join(outputDirectory, flavor, target, executableName(target));
}

/** Bun's name for the target's runtime. */
export function bunCompileTarget(target: TargetName): Bun.Build.CompileTarget {
  return TARGET_PLATFORMS[target].bunTarget;
}
