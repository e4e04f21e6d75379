/**
 * A conversation that goes on across user messages, for the interactive terminal: the messages,
 * the usage and cost summed over all of it, and one run of the loop per message, each under its
 * own abort signal, so that interrupting one turn (Escape) leaves the conversation going. The
 * loop itself is runTurns, unchanged; this only keeps what `query()` keeps for one run.
 */
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { Session } from "../session/createSession.ts";
import type { ConversationMessage } from "./conversation.ts";
import type { QueryEvent, ResultEvent } from "./events.ts";
import type { CallModel } from "./modelTypes.ts";
import type { UserInput } from "./query.ts";
import { createRunAccounting, type RunAccounting } from "./runAccounting.ts";
import { runTurns } from "./runTurns.ts";
import type { TranscriptWriter } from "./transcript/TranscriptWriter.ts";

/** What a conversation runs on: the session, the model and the system prompt, and any history. */
export interface ConversationOptions {
  session: Session;
  callModel: CallModel;
  system: TextBlockParam[];
  /** The conversation being continued (a resumed session). */
  history?: readonly ConversationMessage[];
}

/** What may change from one message to the next: the model (/model) and the transcript (/clear, /resume). */
export interface TurnOptions {
  model: string;
  maxTokens: number;
  fallbackModel?: string;
  transcript?: TranscriptWriter;
  /** Interrupts this turn only: the request and every tool it runs. */
  signal: AbortSignal;
}

/** A conversation that goes on message after message. */
export interface Conversation {
  /** The messages so far, as the next request would send them (before repair). */
  readonly messages: readonly ConversationMessage[];
  /** Usage, cost and API time of every request of the conversation. */
  readonly accounting: RunAccounting;
  /** Sends one user message and runs the loop; yields every event, and returns (and yields) the result. */
  send(input: UserInput, options: TurnOptions): AsyncGenerator<QueryEvent, ResultEvent>;
  /** Puts other messages in place of the conversation (after /clear, /compact or /resume). */
  replace(messages: readonly ConversationMessage[]): void;
}

/** A conversation starting from `options.history` (or from nothing). */
export function createConversation(options: ConversationOptions): Conversation {
  const messages: ConversationMessage[] = [...(options.history ?? [])];
  const accounting = createRunAccounting();
  return {
    messages,
    accounting,
    async *send(input, turn) {
      messages.push({ role: "user", content: input });
      turn.transcript?.append("user", { role: "user", content: input });
      const run = runTurns({
        session: options.session,
        messages,
        callModel: options.callModel,
        model: turn.model,
        fallbackModel: turn.fallbackModel,
        system: options.system,
        maxTokens: turn.maxTokens,
        accounting,
        transcript: turn.transcript,
        signal: turn.signal,
      });
      let step = await run.next();
      while (!step.done) {
        yield step.value;
        step = await run.next();
      }
      yield step.value;
      return step.value;
    },
    replace(next) {
      messages.splice(0, messages.length, ...next);
    },
  };
}
