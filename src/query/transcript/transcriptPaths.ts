/**
 * Where transcripts live: one JSON-lines file per session under the config folder, grouped by the
 * working folder they ran in (`<config>/projects/<encoded folder>/<session id>.jsonl`).
 */
import { join } from "node:path";
import { userConfigDirectory } from "../../settings/settingsPaths.ts";

/** Longest encoded folder name before it is cut and given a hash. */
const MAX_ENCODED_CHARS = 200;

/** The folder holding every project's transcripts. */
export function projectsDirectory(): string {
  return join(userConfigDirectory(), "projects");
}

/** A folder's name under projects/: every character but letters and digits becomes "-"; long names are cut and hashed. */
export function encodeProjectFolder(cwd: string): string {
  const encoded = cwd.replace(/[^A-Za-z0-9]/g, "-");
  if (encoded.length <= MAX_ENCODED_CHARS) return encoded;
  const hash = new Bun.CryptoHasher("sha256").update(cwd).digest("hex").slice(0, 8);
  return `${encoded.slice(0, MAX_ENCODED_CHARS)}-${hash}`;
}

/** The folder of one working folder's transcripts. */
export function projectTranscriptsDirectory(cwd: string): string {
  return join(projectsDirectory(), encodeProjectFolder(cwd));
}

/** The transcript file of one session. */
export function transcriptPath(cwd: string, sessionId: string): string {
  return join(projectTranscriptsDirectory(cwd), `${sessionId}.jsonl`);
}

/** A session id as the CLI accepts it: a UUID. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
