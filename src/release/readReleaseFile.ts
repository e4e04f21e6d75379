/**
 * One file of a release, from a web server or a folder, within a size limit and a time limit.
 * Redirects are followed (GitHub's latest/download answers with one), but never through plain
 * http off this machine, at any hop: a checksum fetched over such a link would prove nothing.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { releaseFileLocation, type ReleaseSource } from "./releaseLocation.ts";

export class ReleaseFetchError extends Error {
  override readonly name = "ReleaseFetchError";
}

export interface ReadReleaseFileOptions {
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Hears how many bytes have arrived, of how many when the size is known. */
  onProgress?: (received: number, total: number | undefined) => void;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** More hops than a release host's download link takes. */
const MAX_REDIRECTS = 10;

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${bytes} bytes` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function readUrl(url: string, options: ReadReleaseFileOptions): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal]);
  let response: Response;
  // Hop by hop: every address on the way must be https (or this machine), not only the last one,
  // since whoever answers a plain http hop chooses where the next one goes.
  let at = new URL(url);
  for (let hops = 0; ; hops++) {
    try {
      response = await fetch(at, { signal, redirect: "manual" });
    } catch (error) {
      if (timeout.aborted) throw new ReleaseFetchError(`${url} did not answer within ${options.timeoutMs / 1000} s`);
      throw new ReleaseFetchError(`${url} could not be reached (${(error as Error).message})`);
    }
    const location = response.headers.get("location");
    if (![301, 302, 303, 307, 308].includes(response.status) || location === null) break;
    await response.body?.cancel();
    if (hops >= MAX_REDIRECTS) throw new ReleaseFetchError(`${url} redirected more than ${MAX_REDIRECTS} times`);
    const next = new URL(location, at);
    if (next.protocol !== "https:" && !(next.protocol === "http:" && LOOPBACK_HOSTS.has(next.hostname))) {
      throw new ReleaseFetchError(`${url} redirected to ${next.protocol === "http:" ? "plain http" : next.protocol} (${next.href}); refusing it`);
    }
    at = next;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ReleaseFetchError(`${url} answered ${response.status}${response.statusText === "" ? "" : ` ${response.statusText}`}`);
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  const total = Number.isFinite(declared) ? declared : undefined;
  if (total !== undefined && total > options.maxBytes) {
    await response.body?.cancel();
    throw new ReleaseFetchError(`${url} is ${megabytes(total)}, more than the ${megabytes(options.maxBytes)} a release file may be`);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for await (const chunk of response.body ?? []) {
      received += chunk.length;
      if (received > options.maxBytes) throw new ReleaseFetchError(`${url} sent more than the ${megabytes(options.maxBytes)} a release file may be`);
      chunks.push(chunk);
      options.onProgress?.(received, total);
    }
  } catch (error) {
    if (error instanceof ReleaseFetchError) throw error;
    if (timeout.aborted) throw new ReleaseFetchError(`${url} did not finish within ${options.timeoutMs / 1000} s`);
    throw new ReleaseFetchError(`${url} broke off after ${megabytes(received)} (${(error as Error).message})`);
  }
  return Buffer.concat(chunks);
}

function readFolderFile(path: string, maxBytes: number): Uint8Array {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) throw new ReleaseFetchError(`${path} is not a regular file`);
    if (stat.size > maxBytes) throw new ReleaseFetchError(`${path} is ${megabytes(stat.size)}, more than the ${megabytes(maxBytes)} a release file may be`);
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const count = readSync(descriptor, buffer, read, buffer.length - read, read);
      if (count === 0) break;
      read += count;
    }
    return buffer.subarray(0, read);
  } catch (error) {
    if (error instanceof ReleaseFetchError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ReleaseFetchError(code === "ENOENT" ? `${path} does not exist` : `${path} could not be read (${code ?? (error as Error).message})`);
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** The bytes of `file` in the release. Throws ReleaseFetchError saying what went wrong. */
export async function readReleaseFile(source: ReleaseSource, file: string, options: ReadReleaseFileOptions): Promise<Uint8Array> {
  const location = releaseFileLocation(source, file);
  return source.kind === "url" ? readUrl(location, options) : readFolderFile(location, options.maxBytes);
}
