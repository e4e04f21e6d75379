/**
 * Reads a transcript back: the chain of messages ending at its newest entry, rebuilt by following
 * parentUuid (so a forked or branched file still gives one conversation). Lines that do not parse
 * (a line torn by a kill) are skipped and counted. The file is read with a size limit.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { UsageError } from "../../errors/ToolError.ts";
import { transcriptEntrySchema, type TranscriptEntry } from "./transcriptEntry.ts";

/** The largest transcript that is read back. */
export const MAX_TRANSCRIPT_BYTES = 256 * 1024 * 1024;

export interface ReadTranscript {
  entries: TranscriptEntry[];
  /** Lines that were not a valid entry. */
  skipped: number;
}

function readText(path: string): string {
  const size = statSync(path).size;
  if (size > MAX_TRANSCRIPT_BYTES) {
    throw new UsageError(`the transcript ${path} is ${Math.round(size / 1024 / 1024)} MB, more than the ${MAX_TRANSCRIPT_BYTES / 1024 / 1024} MB toolshed reads back; start a new session.`);
  }
  const buffer = Buffer.alloc(size);
  const descriptor = openSync(path, "r");
  try {
    let read = 0;
    while (read < size) {
      const got = readSync(descriptor, buffer, read, size - read, read);
      if (got === 0) break;
      read += got;
    }
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync(descriptor);
  }
}

/** The conversation of a transcript file, oldest first. */
export function readTranscript(path: string): ReadTranscript {
  const byId = new Map<string, TranscriptEntry>();
  const order: TranscriptEntry[] = [];
  let skipped = 0;
  for (const line of readText(path).split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    const parsed = transcriptEntrySchema().safeParse(value);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    const entry = parsed.data as unknown as TranscriptEntry;
    byId.set(entry.uuid, entry);
    order.push(entry);
  }
  const chain: TranscriptEntry[] = [];
  const visited = new Set<string>();
  for (let entry = order.at(-1); entry !== undefined && !visited.has(entry.uuid); entry = entry.parentUuid === null ? undefined : byId.get(entry.parentUuid)) {
    visited.add(entry.uuid);
    chain.unshift(entry);
  }
  return { entries: chain, skipped };
}
