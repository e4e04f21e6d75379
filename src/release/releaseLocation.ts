/**
 * Where a release is fetched from: `--from <url or folder>`, else $TOOLSHED_RELEASE_URL, else the
 * project's release location. install.sh applies the same rule; `toolshed update` calls this.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's release location: GitHub redirects `latest/download/<file>` to that file of the
 * newest release, so SHA256SUMS there always names the newest archives.
 */
export const DEFAULT_RELEASE_URL = "https://github.com/toolshed/toolshed/releases/latest/download";
/** The environment variable that points installs and updates at another release folder. */
export const RELEASE_URL_VARIABLE = "TOOLSHED_RELEASE_URL";

/** A release folder on a web server, or on this machine. */
export type ReleaseSource = { kind: "url"; url: string } | { kind: "folder"; path: string };

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * The release folder to use. A value with a scheme is a URL (https, or http to this machine
 * only: over plain http anyone on the way could swap the archive and its checksums together);
 * `file:` URLs and everything else are folders.
 */
export function releaseSource(options: { from?: string; env?: Record<string, string | undefined> } = {}): { ok: true; source: ReleaseSource } | { ok: false; error: string } {
  const fromEnvironment = options.env?.[RELEASE_URL_VARIABLE];
  const chosen = options.from ?? (fromEnvironment === undefined || fromEnvironment === "" ? DEFAULT_RELEASE_URL : fromEnvironment);
  if (chosen.startsWith("file:")) {
    try {
      return { ok: true, source: { kind: "folder", path: fileURLToPath(chosen) } };
    } catch {
      return { ok: false, error: `"${chosen}" is not a file: URL of a folder` };
    }
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(chosen)) return { ok: true, source: { kind: "folder", path: chosen } };
  let url: URL;
  try {
    url = new URL(chosen);
  } catch {
    return { ok: false, error: `"${chosen}" is not a valid URL` };
  }
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    return { ok: false, error: `refusing plain http for ${chosen}: anyone on the way could swap the archive and its checksums; use https, or a folder` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, error: `${url.protocol} is not a release location; use an https URL or a folder` };
  return { ok: true, source: { kind: "url", url: chosen.replace(/\/+$/, "") } };
}

/** The URL or path of one file of the release. */
export function releaseFileLocation(source: ReleaseSource, file: string): string {
  return source.kind === "url" ? `${source.url}/${encodeURIComponent(file)}` : join(source.path, file);
}
