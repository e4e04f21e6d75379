#!/usr/bin/env node
// The `toolshed` command of the npm package: finds the binary npm installed for this machine
// (the optional dependency @toolshed/<target> whose os, cpu and libc match) and runs it with
// the same arguments and standard streams, ending the way it ends (exit status or signal).
// Plain CommonJS with no dependencies, so it runs on any Node that npm itself runs on.
"use strict";

const { spawn } = require("node:child_process");
const { existsSync } = require("node:fs");
const { constants } = require("node:os");
const { dirname, join } = require("node:path");

const SCOPE = "@toolshed";
const INSTALLER = "https://github.com/toolshed/toolshed/releases/latest/download/install.sh";
// The loaders that tell musl from glibc, by CPU: the rule of src/release/detectPlatform.ts.
const LOADERS = {
  x64: { musl: "/lib/ld-musl-x86_64.so.1", glibc: "/lib64/ld-linux-x86-64.so.2" },
  arm64: { musl: "/lib/ld-musl-aarch64.so.1", glibc: "/lib/ld-linux-aarch64.so.1" },
};

/** musl when musl's loader is here and glibc's is not (Alpine counts as musl even with gcompat). */
function detectLibc(arch, exists) {
  const loaders = LOADERS[arch];
  if (loaders === undefined) return null;
  return exists(loaders.musl) && (!exists(loaders.glibc) || exists("/etc/alpine-release")) ? "musl" : "glibc";
}

/** The platform package for a machine: @toolshed/<os>-<arch>, with -musl on musl Linux. */
function platformPackage(platform, arch, libc) {
  const os = platform === "win32" ? "windows" : platform;
  return `${SCOPE}/${os}-${arch}${os === "linux" && libc === "musl" ? "-musl" : ""}`;
}

/** Where the binary is, or a message saying why there is none. */
function findBinary(platform, arch, exists) {
  const name = platformPackage(platform, arch, platform === "linux" ? detectLibc(arch, exists) : null);
  let manifest;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    return {
      error:
        `toolshed: npm did not install ${name}, which holds the binary for this machine (${platform} ${arch}).\n` +
        "Reinstall without --omit=optional or --no-optional, or install the binary with:\n" +
        `  curl -fsSL ${INSTALLER} | sh`,
    };
  }
  const binary = join(dirname(manifest), "bin", platform === "win32" ? "toolshed.exe" : "toolshed");
  return exists(binary) ? { binary } : { error: `toolshed: ${name} is installed but holds no ${binary}; reinstall toolshed.` };
}

function main() {
  const found = findBinary(process.platform, process.arch, existsSync);
  if (found.error) {
    process.stderr.write(`${found.error}\n`);
    process.exit(1);
  }
  // Ctrl-C and Ctrl-\ reach the whole foreground process group, the binary included, so the
  // launcher only has to outlive it; signals sent to the launcher alone are passed on. The
  // handlers go in before the binary starts, so no signal can come between.
  let child;
  const ignore = () => {};
  process.on("SIGINT", ignore);
  if (process.platform !== "win32") process.on("SIGQUIT", ignore);
  const forward = (signal) => child?.kill(signal);
  for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, forward);
  child = spawn(found.binary, process.argv.slice(2), { stdio: "inherit" });
  child.on("error", (error) => {
    process.stderr.write(`toolshed: could not run ${found.binary}: ${error.message}\n`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    if (signal === "SIGILL" && process.arch === "x64") {
      process.stderr.write(`toolshed: this processor lacks an instruction the binary uses (AVX2?). The baseline build runs without it:\n  curl -fsSL ${INSTALLER} | sh\n`);
    }
    // End the same way, so whoever started toolshed sees the signal; 128 + its number where
    // Node cannot die of it (SIGPIPE, which Node ignores).
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    process.exit(128 + (constants.signals[signal] ?? 0));
  });
}

if (require.main === module) main();

module.exports = { detectLibc, platformPackage, findBinary };
