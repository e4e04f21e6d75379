/** One line of a transcript: a message of the conversation, chained to the one before it. */
import type { ContentBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { z } from "../../schema/zod.ts";
import { lazy } from "../../lazy.ts";

/** A message as kept: the role and the content blocks (or text) the API saw. */
export interface TranscriptMessage {
  role: "user" | "assistant";
  content: string | ContentBlockParam[];
  /** For assistant messages: the API's own fields worth keeping. */
  id?: string;
  model?: string;
  stop_reason?: string | null;
  usage?: unknown;
}

export interface TranscriptEntry {
  type: "user" | "assistant";
  uuid: string;
  parentUuid: string | null;
  sessionId: string;
  timestamp: string;
  cwd: string;
  message: TranscriptMessage;
  /** On the summary that starts a compacted conversation: what was compacted, and the entry it followed. */
  compactBoundary?: { trigger: "manual" | "auto"; preTokens: number; logicalParentUuid: string | null };
}

/** The shape a line must have to be used; the content blocks are the API's, checked loosely. */
export const transcriptEntrySchema = lazy(() => z.looseObject({
  type: z.enum(["user", "assistant"]),
  uuid: z.string(),
  parentUuid: z.nullable(z.string()),
  sessionId: z.string(),
  timestamp: z.string(),
  cwd: z.string(),
  message: z.looseObject({
    role: z.enum(["user", "assistant"]),
    content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]),
  }),
}));
