/**
 * Where the interactive session's conversation is written, as it changes: the transcript it was
 * started with (new, `--continue`, `--resume`), a new one after /clear (so the latest transcript
 * is always the conversation as it now stands, which `--continue` picks up), or an older one
 * taken up again with /resume. (/compact records its summary in the current one.)
 */
import type { ConversationMessage } from "../query/conversation.ts";
import { readTranscript } from "../query/transcript/readTranscript.ts";
import { transcriptPath } from "../query/transcript/transcriptPaths.ts";
import { TranscriptWriter } from "../query/transcript/TranscriptWriter.ts";

export class TerminalTranscript {
  private current: { id: string; writer: TranscriptWriter };

  constructor(
    private readonly cwd: string,
    first: { id: string; writer: TranscriptWriter | undefined },
    private readonly warn: (text: string) => void,
  ) {
    this.current = { id: first.id, writer: first.writer ?? this.newWriter(first.id) };
  }

  private newWriter(id: string): TranscriptWriter {
    return new TranscriptWriter(transcriptPath(this.cwd, id), id, this.cwd, null, this.warn);
  }

  get sessionId(): string {
    return this.current.id;
  }

  get writer(): TranscriptWriter {
    return this.current.writer;
  }

  /** A new, empty transcript. */
  startNew(): void {
    const id = crypto.randomUUID();
    this.current = { id, writer: this.newWriter(id) };
  }

  /** Continues the transcript at `path` (session `id`) and returns its conversation. */
  resume(path: string, id: string): ConversationMessage[] {
    const { entries } = readTranscript(path);
    this.current = { id, writer: new TranscriptWriter(path, id, this.cwd, entries.at(-1)?.uuid ?? null, this.warn) };
    return entries.map((entry) => ({ role: entry.message.role, content: entry.message.content }) as ConversationMessage);
  }
}
