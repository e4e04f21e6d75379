/**
 * install.sh against a real release: `bun build.ts --release` of the public flavor for this
 * machine, served over HTTP on a loopback port, installed into temporary homes and prefixes.
 * It installs, refuses a tampered archive, upgrades in place, and what it installed runs.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runBuild, type BuildResult } from "../../scripts/build/runBuild.ts";
import { hostTarget } from "../../scripts/build/targets.ts";
import { formatChecksums } from "../../src/release/parseChecksums.ts";
import { archiveName, archiveStem, CHECKSUMS_FILE, INSTALLER_FILE } from "../../src/release/releaseLayout.ts";
import { gzip } from "../../scripts/release/gzip.ts";
import { createTar } from "../../scripts/release/tar.ts";
import { createBuildFolder, ROOT, runBinary } from "../build/buildTestKit.ts";

const COMMIT = "0123456789ab";
const host = hostTarget();
const VERSION_LINE = `(flavor public; features none; commit ${COMMIT};`;
let folder: ReturnType<typeof createBuildFolder>;
let result: BuildResult;
let server: ReturnType<typeof Bun.serve>;
const requested: string[] = [];

/** Serves `/<folder>/<file>` from the folders given, and nothing else. */
function serveFolders(folders: Record<string, string>): ReturnType<typeof Bun.serve> {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const [, name, file, ...rest] = new URL(request.url).pathname.split("/");
      const root = folders[name ?? ""];
      requested.push(new URL(request.url).pathname);
      if (root === undefined || file === undefined || rest.length > 0 || !readdirSync(root).includes(file)) return new Response("not found", { status: 404 });
      return new Response(Bun.file(join(root, file)));
    },
  });
}

/** Runs the shipped install.sh with only the system's tools on the PATH, bounded in time. */
async function install(args: string[], env: Record<string, string>): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const child = Bun.spawn(["sh", join(result.release!.folder, INSTALLER_FILE), ...args], { env: { PATH: "/usr/bin:/bin", ...env }, stdout: "pipe", stderr: "pipe", timeout: 120_000 });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { exitCode, stdout, stderr };
}

beforeAll(async () => {
  folder = createBuildFolder({}, ["public"]);
  result = await runBuild({ root: ROOT, flagsDirectory: folder.flags, outputDirectory: folder.dist, baselineFile: folder.baseline, targets: [host], commit: COMMIT, release: true });
  // The tampered release: the same SHA256SUMS, one byte of the archive changed.
  const tampered = join(folder.path, "tampered");
  mkdirSync(tampered);
  const archive = archiveName({ version: "0.1.0", flavor: "public", target: host });
  copyFileSync(join(result.release!.folder, CHECKSUMS_FILE), join(tampered, CHECKSUMS_FILE));
  const bytes = readFileSync(join(result.release!.folder, archive));
  const middle = bytes.length >> 1;
  bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
  writeFileSync(join(tampered, archive), bytes);
  server = serveFolders({ release: result.release!.folder, tampered });
}, 180_000);
afterAll(() => {
  server?.stop(true);
  folder?.remove();
});

describe.skipIf(process.platform === "win32" || Bun.which("curl", { PATH: "/usr/bin:/bin" }) === null)("install.sh from a release served over HTTP", () => {
  const url = (name: string) => `http://127.0.0.1:${server.port}/${name}`;

  test("the release holds the archive, SHA256SUMS, release.json and install.sh", () => {
    expect(result.failures).toEqual([]);
    expect(readdirSync(result.release!.folder).sort()).toEqual(["SHA256SUMS", "install.sh", "release.json", archiveName({ version: "0.1.0", flavor: "public", target: host })].sort());
  });

  test("installs into ~/.local/bin, says how to put it on the PATH, and the installed toolshed --version works", async () => {
    const home = join(folder.path, "home");
    const installed = await install(["--from", url("release")], { HOME: home });
    expect(installed.stderr).toBe("");
    expect(installed.exitCode).toBe(0);
    const binary = join(home, ".local", "bin", "toolshed");
    expect(installed.stdout).toContain(`installed ${binary}: toolshed 0.1.0 ${VERSION_LINE}`);
    expect(installed.stdout).toContain(`${join(home, ".local", "bin")} is not on your PATH. To put it there, run:\n  echo 'export PATH="${join(home, ".local", "bin")}:$PATH"' >> ${home}/.profile`);
    expect(requested).toContain(`/release/${CHECKSUMS_FILE}`);
    expect(requested).toContain(`/release/${archiveName({ version: "0.1.0", flavor: "public", target: host })}`);
    const version = runBinary(binary, ["--version"]);
    expect(version.stdout).toContain(VERSION_LINE);
    expect(version.exitCode).toBe(0);
  });

  test("refuses a tampered archive and leaves the installed toolshed as it was", async () => {
    const prefix = join(folder.path, "tampered-prefix");
    const binary = join(prefix, "bin", "toolshed");
    mkdirSync(join(prefix, "bin"), { recursive: true });
    writeFileSync(binary, "#!/bin/sh\necho 'toolshed 0.0.9 (the one before)'\n");
    chmodSync(binary, 0o755);
    const refused = await install(["--from", url("tampered"), "--prefix", prefix], { HOME: folder.path });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^install\.sh: refusing to install toolshed-0\.1\.0-public-[a-z0-9-]+\.tar\.gz: its SHA-256 is [0-9a-f]{64}, but SHA256SUMS says [0-9a-f]{64}\. The download is damaged or was tampered with; nothing was installed\.\n$/);
    expect(runBinary(binary, ["--version"]).stdout).toBe("toolshed 0.0.9 (the one before)\n");
    expect(readdirSync(join(prefix, "bin"))).toEqual(["toolshed"]);
  });

  test("upgrades an older toolshed in place under --prefix, on the PATH, and the new one runs", async () => {
    const prefix = join(folder.path, "usr-local");
    const bin = join(prefix, "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "toolshed"), "#!/bin/sh\necho 'toolshed 0.0.9 (flavor public; commit 000000000000)'\n");
    chmodSync(join(bin, "toolshed"), 0o755);
    const upgraded = await install(["--from", url("release"), "--prefix", prefix], { HOME: folder.path, PATH: `${bin}:/usr/bin:/bin` });
    expect(upgraded.stderr).toBe("");
    expect(upgraded.exitCode).toBe(0);
    expect(upgraded.stdout).toContain(`upgraded ${join(bin, "toolshed")}\n  from: toolshed 0.0.9 (flavor public; commit 000000000000)\n  to:   toolshed 0.1.0 ${VERSION_LINE}`);
    expect(upgraded.stdout).toContain("run: toolshed --help");
    expect(upgraded.stdout).not.toContain("is not on your PATH");
    // The new binary was renamed over the old one: nothing staged is left beside it.
    expect(readdirSync(bin)).toEqual(["toolshed"]);
    const listed = runBinary(join(bin, "toolshed"), ["tools", "--json"], {}, folder.path);
    expect((JSON.parse(listed.stdout) as Array<{ name: string }>).map((tool) => tool.name)).toContain("Read");
  });

  test("a redirect to plain http, a download larger than any release file (its size unannounced), a binary that is a link, and a folder in the binary's place are all refused, leaving nothing behind", async () => {
    const archive = archiveName({ version: "0.1.0", flavor: "public", target: host });
    const stem = archiveStem({ version: "0.1.0", flavor: "public", target: host });
    // A release whose archive holds toolshed as a symlink to a file elsewhere on the machine.
    const secret = join(folder.path, "secret-key");
    writeFileSync(secret, "not a program\n");
    const linkRelease = join(folder.path, "link-release");
    mkdirSync(join(linkRelease, "unpack", stem), { recursive: true });
    symlinkSync(secret, join(linkRelease, "unpack", stem, "toolshed"));
    Bun.spawnSync(["tar", "-czf", join(linkRelease, archive), "-C", join(linkRelease, "unpack"), stem]);
    writeFileSync(join(linkRelease, CHECKSUMS_FILE), formatChecksums([{ file: archive, sha256: new Bun.CryptoHasher("sha256").update(readFileSync(join(linkRelease, archive))).digest("hex") }]));
    const hostile = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch(request) {
        const path = new URL(request.url).pathname;
        if (path === `/moved/${CHECKSUMS_FILE}`) return new Response(null, { status: 302, headers: { location: `http://127.0.0.1:${server.port}/release/${CHECKSUMS_FILE}` } });
        if (path === `/huge/${CHECKSUMS_FILE}`) {
          // Chunked, no Content-Length, and no end: only the installer's own count can stop it.
          return new Response(new ReadableStream({ pull(controller) {
            controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
          } }));
        }
        if (path.startsWith("/link/")) return new Response(Bun.file(join(linkRelease, path.slice("/link/".length))));
        return new Response("not found", { status: 404 });
      },
    });
    try {
      const at = (name: string) => `http://127.0.0.1:${hostile.port}/${name}`;
      const prefix = join(folder.path, "hostile-prefix");
      const moved = await install(["--from", at("moved"), "--prefix", prefix], { HOME: folder.path });
      expect(moved.exitCode).toBe(1);
      // curl says why (the http protocol is not allowed for the redirect); install.sh says what failed.
      expect(moved.stderr).toEndWith(`install.sh: could not download ${at("moved")}/${CHECKSUMS_FILE}\n`);
      const huge = await install(["--from", at("huge"), "--prefix", prefix], { HOME: folder.path });
      expect(huge.exitCode).toBe(1);
      expect(huge.stderr).toEndWith(`install.sh: ${at("huge")}/${CHECKSUMS_FILE} is larger than 1048576 bytes, which no release file is\n`);
      const linked = await install(["--from", at("link"), "--prefix", prefix], { HOME: folder.path });
      expect(linked.exitCode).toBe(1);
      expect(linked.stderr).toContain("holds a symbolic link, which no release archive does");
      expect(readFileSync(secret, "utf8")).toBe("not a program\n");
      mkdirSync(join(prefix, "bin", "toolshed"), { recursive: true });
      const folderInPlace = await install(["--from", url("release"), "--prefix", prefix], { HOME: folder.path });
      expect(folderInPlace.exitCode).toBe(1);
      expect(folderInPlace.stderr).toContain(`${join(prefix, "bin", "toolshed")} is a folder, so toolshed cannot be installed there`);
      expect(readdirSync(join(prefix, "bin"))).toEqual(["toolshed"]);
      expect(readdirSync(join(prefix, "bin", "toolshed"))).toEqual([]);
    } finally {
      hostile.stop(true);
    }
  });
});

/** A release folder holding one archive of a stand-in `toolshed` (a script) that says it is `version`. */
function fakeRelease(name: string, version: string, says: string = version, tamper = false): string {
  const release = join(folder.path, name);
  mkdirSync(release, { recursive: true });
  const stem = archiveStem({ version, flavor: "public", target: host });
  const script = new TextEncoder().encode(`#!/bin/sh\necho "toolshed ${says} (flavor public; features none; commit fedcba987654; bun ${Bun.version})"\n`);
  const archive = gzip(createTar([{ path: `${stem}/toolshed`, data: script, executable: true }]));
  const sum = new Bun.CryptoHasher("sha256").update(archive).digest("hex");
  if (tamper) archive[archive.length >> 1] = (archive[archive.length >> 1] ?? 0) ^ 0xff;
  writeFileSync(join(release, archiveName({ version, flavor: "public", target: host })), archive);
  writeFileSync(join(release, CHECKSUMS_FILE), formatChecksums([{ file: archiveName({ version, flavor: "public", target: host }), sha256: sum }]));
  return release;
}

/** A copy of the built 0.1.0 binary in a folder of its own, as install.sh would have left it. */
function installedCopy(name: string): string {
  const bin = join(folder.path, name, "bin");
  mkdirSync(bin, { recursive: true });
  const binary = join(bin, "toolshed");
  const built = result.artifacts.find((artifact) => artifact.path.endsWith(join("public", host, "toolshed")));
  copyFileSync(built!.path, binary);
  chmodSync(binary, 0o755);
  return binary;
}

/** Runs the binary without blocking this process, whose server answers it. */
async function runAsync(binary: string, args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([binary, ...args], { stdout: "pipe", stderr: "pipe", timeout: 120_000 });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { exitCode, stdout, stderr };
}

describe.skipIf(process.platform === "win32")("toolshed update", () => {
  const url = (name: string) => `http://127.0.0.1:${server.port}/${name}`;

  test("with the release it came from: up to date, nothing changes", async () => {
    const binary = installedCopy("same");
    const ran = await runAsync(binary, ["update", "--from", url("release")]);
    expect(ran).toMatchObject({ exitCode: 0, stderr: "" });
    expect(ran.stdout).toBe(`toolshed 0.1.0 is up to date (${binary}).\n`);
  });

  test("--check says a newer release is there; update checks, replaces the binary in place, and the new one runs", () => {
    const binary = installedCopy("newer");
    const release = fakeRelease("release-0.2.0", "0.2.0");
    expect(runBinary(binary, ["update", "--check", "--from", release]).stdout).toBe("toolshed 0.2.0 is available (this is 0.1.0); run \"toolshed update\" to install it.\n");
    const ran = runBinary(binary, ["update", "--from", release]);
    expect(ran.exitCode).toBe(0);
    expect(ran.stderr).toContain(`Downloading ${archiveName({ version: "0.2.0", flavor: "public", target: host })}`);
    expect(ran.stdout).toStartWith(`Updated ${binary} from 0.1.0 to 0.2.0: toolshed 0.2.0 (flavor public;`);
    expect(runBinary(binary, ["--version"]).stdout).toStartWith("toolshed 0.2.0 ");
    // Nothing staged is left beside it.
    expect(readdirSync(join(folder.path, "newer", "bin"))).toEqual(["toolshed"]);
  });

  test("refuses an archive that does not match SHA256SUMS, or whose binary is not the version it claims; the binary is unchanged", () => {
    const binary = installedCopy("refusing");
    const tampered = runBinary(binary, ["update", "--from", fakeRelease("release-tampered", "0.3.0", "0.3.0", true)]);
    expect(tampered.exitCode).toBe(1);
    expect(tampered.stderr).toMatch(/toolshed update: toolshed-0\.3\.0-public-[a-z0-9-]+\.tar\.gz does not match SHA256SUMS \(expected [0-9a-f]{64}, got [0-9a-f]{64}\); refusing to install it\. The installed toolshed is unchanged\.\n$/);
    const lying = runBinary(binary, ["update", "--from", fakeRelease("release-lying", "0.4.0", "0.0.1")]);
    expect(lying.exitCode).toBe(1);
    expect(lying.stderr).toContain('the downloaded toolshed says "toolshed 0.0.1 (flavor public;');
    expect(lying.stderr).toContain("not version 0.4.0; the installed one is unchanged");
    expect(runBinary(binary, ["--version"]).stdout).toContain(VERSION_LINE);
    expect(readdirSync(join(folder.path, "refusing", "bin"))).toEqual(["toolshed"]);
  });

  test("a release location that is missing, refuses plain http off this machine, or lacks this build says so", async () => {
    const binary = installedCopy("wrong-places");
    const missing = runBinary(binary, ["update", "--from", join(folder.path, "no-such-release")]);
    expect(missing).toMatchObject({ exitCode: 1 });
    expect(missing.stderr).toContain(`${join(folder.path, "no-such-release", CHECKSUMS_FILE)} does not exist`);
    const http = runBinary(binary, ["update", "--from", "http://example.com/releases"]);
    expect(http.stderr).toContain("refusing plain http for http://example.com/releases");
    const notFound = await runAsync(binary, ["update", "--from", url("nothing-here")]);
    expect(notFound.stderr).toContain("answered 404");
    const otherFlavor = join(folder.path, "other-flavor");
    mkdirSync(otherFlavor);
    writeFileSync(join(otherFlavor, CHECKSUMS_FILE), formatChecksums([{ file: archiveName({ version: "0.5.0", flavor: "internal", target: host }), sha256: "0".repeat(64) }]));
    const lacking = runBinary(binary, ["update", "--from", otherFlavor]);
    expect(lacking.stderr).toBe(`toolshed update: the release has no public build for ${host} (it has: ${archiveName({ version: "0.5.0", flavor: "internal", target: host })})\n`);
  });
});
