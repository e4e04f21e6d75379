/** The saved sessions: all of them, or one working folder's, newest first, with their first prompt. */
import { closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { projectsDirectory, projectTranscriptsDirectory, SESSION_ID_PATTERN } from "./transcriptPaths.ts";

/** How much of a transcript's start is read to find its folder and first prompt. */
const HEAD_BYTES = 64 * 1024;
/** At most this many sessions are listed. */
export const MAX_LISTED_SESSIONS = 1000;

export interface SessionSummary {
  id: string;
  path: string;
  cwd: string;
  modified: Date;
  bytes: number;
  /** The first thing the user asked, on one line. */
  firstPrompt: string;
}

function head(path: string): string {
  const descriptor = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(descriptor, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync(descriptor);
  }
}

function promptText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((block) => (typeof block === "object" && block !== null && "text" in block && typeof block.text === "string" ? block.text : "")).join(" ");
}

function summarize(path: string, id: string): SessionSummary | undefined {
  try {
    const stats = statSync(path);
    let cwd = "";
    let firstPrompt = "";
    for (const line of head(path).split("\n")) {
      try {
        const entry: unknown = JSON.parse(line);
        if (typeof entry !== "object" || entry === null) continue;
        const record = entry as { cwd?: unknown; type?: unknown; message?: { content?: unknown } };
        if (cwd === "" && typeof record.cwd === "string") cwd = record.cwd;
        const text = record.type === "user" ? promptText(record.message?.content).trim() : "";
        if (text !== "") {
          firstPrompt = text.replace(/\s+/g, " ").slice(0, 120);
          break;
        }
      } catch {
        // A torn or partial line: the next one may do.
      }
    }
    return { id, path, cwd, modified: stats.mtime, bytes: stats.size, firstPrompt };
  } catch {
    return undefined;
  }
}

function sessionsIn(folder: string): SessionSummary[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const id = name.replace(/\.jsonl$/, "");
    if (!name.endsWith(".jsonl") || !SESSION_ID_PATTERN.test(id)) return [];
    const summary = summarize(join(folder, name), id);
    return summary === undefined ? [] : [summary];
  });
}

/** Every working folder's folder of transcripts (none when nothing was saved yet). */
function projectFolders(): string[] {
  try {
    return readdirSync(projectsDirectory()).map((folder) => join(projectsDirectory(), folder));
  } catch {
    return [];
  }
}

/** Sessions of `cwd` only, or of every folder; newest first. */
export function listSessions(cwd?: string): SessionSummary[] {
  let sessions: SessionSummary[];
  if (cwd !== undefined) sessions = sessionsIn(projectTranscriptsDirectory(cwd));
  else sessions = projectFolders().flatMap((folder) => sessionsIn(folder));
  return sessions.sort((a, b) => b.modified.getTime() - a.modified.getTime()).slice(0, MAX_LISTED_SESSIONS);
}

/** The session `id` (compared without case, as UUIDs are) in one folder of transcripts. */
function findIn(folder: string, id: string): SessionSummary | undefined {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return undefined;
  }
  const wanted = `${id.toLowerCase()}.jsonl`;
  const name = names.find((candidate) => candidate.toLowerCase() === wanted);
  return name === undefined ? undefined : summarize(join(folder, name), name.slice(0, -".jsonl".length));
}

/**
 * A session by id: in `cwd`'s folder first, then anywhere. Looked up by its file's name, so it is
 * found however many newer sessions there are (listSessions shows only the newest).
 */
export function findSession(id: string, cwd: string): SessionSummary | undefined {
  if (!SESSION_ID_PATTERN.test(id)) return undefined;
  const here = findIn(projectTranscriptsDirectory(cwd), id);
  if (here !== undefined) return here;
  for (const folder of projectFolders()) {
    const found = findIn(folder, id);
    if (found !== undefined) return found;
  }
  return undefined;
}
