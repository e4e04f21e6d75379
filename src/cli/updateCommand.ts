/**
 * `toolshed update [--check] [--force] [--from <url or folder>]`: replaces the running binary with
 * the newest release of its flavor for this machine, from the same place install.sh downloads
 * (TOOLSHED_RELEASE_URL, or the project's release location), after checking the archive against
 * SHA256SUMS and checking that the new binary runs.
 */
import { UsageError } from "../errors/ToolError.ts";
import { getBuildInfo } from "../buildInfo.ts";
import { detectPlatform } from "../release/detectPlatform.ts";
import { ArchiveError, extractArchiveFile } from "../release/extractArchiveFile.ts";
import { findArchive } from "../release/findArchive.ts";
import { CHECKSUMS_MAX_BYTES, parseChecksums } from "../release/parseChecksums.ts";
import { ReleaseFetchError, readReleaseFile } from "../release/readReleaseFile.ts";
import { archiveFormat, archiveStem, CHECKSUMS_FILE } from "../release/releaseLayout.ts";
import { releaseSource } from "../release/releaseLocation.ts";
import { ReplaceError, replaceExecutable } from "../release/replaceExecutable.ts";
import { selectTarget } from "../release/selectTarget.ts";
import { executableName } from "../release/targets.ts";
import type { CliStreams } from "./cliStreams.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";

/** An archive may be this large (a binary is about 100 MB). */
const MAX_ARCHIVE_BYTES = 512 * 1024 * 1024;
const CHECKSUMS_TIMEOUT_MS = 30_000;
const ARCHIVE_TIMEOUT_MS = 10 * 60_000;

function sha256(bytes: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
}

/** A "the version is newer" comparison of dotted numbers; anything else only compares equal or not. */
function isNewer(candidate: string, current: string): boolean {
  const parse = (version: string) => version.split(/[.-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  const a = parse(candidate);
  const b = parse(current);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const left = a[index] ?? 0;
    const right = b[index] ?? 0;
    if (Number.isNaN(left) || Number.isNaN(right)) return candidate !== current;
    if (left !== right) return left > right;
  }
  return false;
}

function fail(streams: CliStreams, message: string): number {
  streams.stderr.write(`toolshed update: ${message}\n`);
  return 1;
}

export async function updateCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("update", args, {
    check: { type: "boolean" },
    force: { type: "boolean" },
    from: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (positionals.length > 0) throw new UsageError(`"toolshed update" takes no arguments, but got: ${positionals.join(" ")}.`);
  const info = getBuildInfo();
  const target = process.execPath;
  if (info.flavor === "dev") {
    return fail(streams, `this toolshed runs from source (${target} runs src/main.ts), so there is no binary to replace. Update the checkout (git pull), or install a binary with install.sh.`);
  }
  if (/[\\/]node_modules[\\/]/.test(target)) {
    return fail(streams, `this toolshed was installed by npm (${target}); update it the same way: npm install -g toolshed@latest`);
  }
  const chosen = selectTarget(detectPlatform());
  if (!chosen.ok) return fail(streams, chosen.error);
  const located = releaseSource({ from: values.from, env: process.env });
  if (!located.ok) return fail(streams, located.error);
  const source = located.source;
  try {
    const sums = parseChecksums(new TextDecoder().decode(await readReleaseFile(source, CHECKSUMS_FILE, { maxBytes: CHECKSUMS_MAX_BYTES, timeoutMs: CHECKSUMS_TIMEOUT_MS })));
    if (!sums.ok) return fail(streams, `the release's ${CHECKSUMS_FILE} is not a checksum list: ${sums.error}`);
    const found = findArchive(sums.sums, { flavor: info.flavor, target: chosen.target });
    if (!found.ok) return fail(streams, found.error);
    const { archive } = found;
    if (!values.force && !isNewer(archive.version, info.version)) {
      streams.stdout.write(archive.version === info.version
        ? `toolshed ${info.version} is up to date (${target}).\n`
        : `toolshed ${info.version} is newer than the release's ${archive.version}; nothing to do (--force installs the release's).\n`);
      return 0;
    }
    if (values.check) {
      streams.stdout.write(`toolshed ${archive.version} is available (this is ${info.version}); run "toolshed update" to install it.\n`);
      return 0;
    }
    streams.stderr.write(`Downloading ${archive.file}...\n`);
    let reported = 0;
    const bytes = await readReleaseFile(source, archive.file, {
      maxBytes: MAX_ARCHIVE_BYTES,
      timeoutMs: ARCHIVE_TIMEOUT_MS,
      onProgress: (received, total) => {
        if (total === undefined || total === 0) return;
        const percent = Math.floor((received / total) * 4) * 25;
        if (percent > reported && percent < 100) {
          reported = percent;
          streams.stderr.write(`  ${percent}%\n`);
        }
      },
    });
    const actual = sha256(bytes);
    if (actual !== archive.sha256) {
      return fail(streams, `${archive.file} does not match ${CHECKSUMS_FILE} (expected ${archive.sha256}, got ${actual}); refusing to install it. The installed toolshed is unchanged.`);
    }
    const stem = archiveStem({ version: archive.version, flavor: info.flavor, target: chosen.target });
    const executable = extractArchiveFile(bytes, archiveFormat(chosen.target), `${stem}/${executableName(chosen.target)}`, MAX_ARCHIVE_BYTES);
    const line = replaceExecutable(target, executable, archive.version);
    streams.stdout.write(`Updated ${target} from ${info.version} to ${archive.version}: ${line}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ReleaseFetchError || error instanceof ArchiveError || error instanceof ReplaceError) return fail(streams, error.message);
    throw error;
  }
}
