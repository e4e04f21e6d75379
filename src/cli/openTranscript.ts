/**
 * Which transcript a run writes, and what conversation it continues: a new session (or the one
 * `--session-id` names), `--resume <id>`, `--continue` (the latest in this folder), either one
 * as a new session with `--fork-session`, or nothing kept at all with `--no-session-persistence`.
 */
import { existsSync } from "node:fs";
import { UsageError } from "../errors/ToolError.ts";
import type { ConversationMessage } from "../query/conversation.ts";
import { findSession, listSessions } from "../query/transcript/listSessions.ts";
import { readTranscript } from "../query/transcript/readTranscript.ts";
import type { TranscriptEntry } from "../query/transcript/transcriptEntry.ts";
import { SESSION_ID_PATTERN, transcriptPath } from "../query/transcript/transcriptPaths.ts";
import { TranscriptWriter } from "../query/transcript/TranscriptWriter.ts";

export interface TranscriptRequest {
  cwd: string;
  sessionId?: string;
  resume?: string;
  continueLatest: boolean;
  fork: boolean;
  persist: boolean;
}

export interface OpenedTranscript {
  sessionId: string;
  /** The conversation being continued (empty for a new session). */
  history: ConversationMessage[];
  /** The writer for this run, or undefined when nothing is kept. */
  writer(warn: (text: string) => void): TranscriptWriter | undefined;
}

function resumed(request: TranscriptRequest): { path: string; id: string } | undefined {
  if (request.resume !== undefined && request.continueLatest) throw new UsageError("give --resume <id> or --continue, not both.");
  if (request.resume !== undefined) {
    const found = findSession(request.resume, request.cwd);
    if (found === undefined) throw new UsageError(`there is no saved session "${request.resume}". "toolshed sessions list" shows the saved sessions.`);
    return { path: found.path, id: found.id };
  }
  if (!request.continueLatest) return undefined;
  const latest = listSessions(request.cwd)[0];
  if (latest === undefined) throw new UsageError(`there is no saved session in ${request.cwd} to continue. Start one with toolshed -p "...".`);
  return { path: latest.path, id: latest.id };
}

function toMessages(entries: readonly TranscriptEntry[]): ConversationMessage[] {
  return entries.map((entry) => ({ role: entry.message.role, content: entry.message.content }) as ConversationMessage);
}

/** Works out the session id, the history and where to write; a UsageError for a request that cannot be met. */
export function openTranscript(request: TranscriptRequest): OpenedTranscript {
  if (request.sessionId !== undefined && !SESSION_ID_PATTERN.test(request.sessionId)) {
    throw new UsageError(`--session-id must be a UUID (such as ${crypto.randomUUID()}), not "${request.sessionId}".`);
  }
  const previous = resumed(request);
  if (previous !== undefined && request.sessionId !== undefined && !request.fork) {
    throw new UsageError("--session-id with --resume or --continue needs --fork-session (the resumed session keeps its own id).");
  }
  const entries = previous === undefined ? [] : readTranscript(previous.path).entries;
  const continuing = previous !== undefined && !request.fork;
  // UUIDs have no case: a session is kept under the lower-case spelling, however it was given.
  const sessionId = continuing ? previous.id : (request.sessionId?.toLowerCase() ?? crypto.randomUUID());
  const path = continuing ? previous.path : transcriptPath(request.cwd, sessionId);
  if (!continuing && request.persist && existsSync(path)) throw new UsageError(`the session ${sessionId} already exists; give another --session-id, or --resume it.`);
  return {
    sessionId,
    history: toMessages(entries),
    writer(warn) {
      if (!request.persist) return undefined;
      if (continuing) return new TranscriptWriter(path, sessionId, request.cwd, entries.at(-1)?.uuid ?? null, warn);
      // A fork starts its own file with the conversation it continues.
      const writer = new TranscriptWriter(path, sessionId, request.cwd, null, warn);
      for (const entry of entries) writer.append(entry.type, entry.message);
      return writer;
    },
  };
}
