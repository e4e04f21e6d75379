/**
 * A conversation that goes on across user messages, for the interactive terminal: the messages,
 * the model (changeable between messages), the context window's state, and one run of the loop
 * per message, each under its own abort signal, so that interrupting one turn (Escape) leaves the
 * conversation going. Each message is handled as `query()` handles one of its stream: the
 * SessionStart hooks' context goes with the first, UserPromptSubmit hooks run before each, and the
 * loop is runTurns, unchanged.
 */
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { hookScopeOf } from "../hooks/runHooks.ts";
import { raceAbort } from "../pipeline/raceAbort.ts";
import { runSessionStartHooks } from "../hooks/runSessionStartHooks.ts";
import { runUserPromptSubmitHooks } from "../hooks/runUserPromptSubmitHooks.ts";
import type { Session } from "../session/createSession.ts";
import type { ContextWindowState } from "./autoCompact.ts";
import type { ConversationMessage } from "./conversation.ts";
import type { QueryEvent, ResultEvent } from "./events.ts";
import { failedResult } from "./failedResult.ts";
import { modelService, type ModelAccess } from "./modelAccess.ts";
import { userInputText, withHookContext, type UserInput } from "./userInput.ts";
import { runTurns } from "./runTurns.ts";
import type { TranscriptWriter } from "./transcript/TranscriptWriter.ts";

/** What a conversation runs on: the session, the model and the system prompt, and any history. */
export interface ConversationOptions {
  session: Session;
  model: ModelAccess;
  system: TextBlockParam[];
  /** The conversation being continued (a resumed session). */
  history?: readonly ConversationMessage[];
  /** What a message waits for before its request (the session's MCP servers connecting); interrupting the turn stops the wait. */
  ready?: Promise<void>;
}

/** What may change from one message to the next: the transcript (/clear, /resume) and, for one message, the model. */
export interface TurnOptions {
  transcript?: TranscriptWriter;
  /** The model for this message only (a command's own); the conversation's otherwise. */
  model?: string;
  /** Interrupts this turn only: the request and every tool it runs. */
  signal: AbortSignal;
}

/** A conversation that goes on message after message. */
export interface Conversation {
  /** The messages so far, as the next request would send them (before repair). */
  readonly messages: readonly ConversationMessage[];
  /** The model, its limits, and where usage and cost are counted (every request of the conversation). */
  readonly model: ModelAccess;
  /** Sends one user message and runs the loop; yields every event, and returns (and yields) the result. */
  send(input: UserInput, options: TurnOptions): AsyncGenerator<QueryEvent, ResultEvent>;
  /** Puts other messages in place of the conversation (after /clear, /compact or /resume). */
  replace(messages: readonly ConversationMessage[]): void;
  /** Talks to another model from the next message on (/model). */
  setModel(model: string): void;
}


/** A conversation starting from `options.history` (or from nothing). */
export function createConversation(options: ConversationOptions): Conversation {
  const { session } = options;
  const messages: ConversationMessage[] = [...(options.history ?? [])];
  let model = options.model;
  session.services.provide(modelService, model);
  const window: ContextWindowState = {};
  // What SessionStart hooks add goes with the first message sent.
  let startContext: readonly string[] | undefined;
  return {
    messages,
    get model() {
      return model;
    },
    async *send(input, turn) {
      const scope = () => hookScopeOf(session.context, { transcriptPath: turn.transcript?.path, signal: turn.signal });
      startContext ??= await runSessionStartHooks(scope(), { source: messages.length > 0 ? "resume" : "startup", model: model.model });
      const verdict = await runUserPromptSubmitHooks(scope(), userInputText(input));
      if (turn.signal.aborted) return yield failedResult(session.id, ["interrupted"], "aborted_hooks");
      // The reason is for the person: the prompt and the reason never reach the model.
      if (verdict.blocked !== undefined) return yield failedResult(session.id, [verdict.blocked], "prompt_blocked");
      // Only a prompt that goes to the model waits for the servers, so its request has their tools.
      if (options.ready !== undefined && (await raceAbort(options.ready, turn.signal)) === "aborted") return yield failedResult(session.id, ["interrupted"], "aborted_hooks");
      const content = withHookContext(input, startContext, verdict.context);
      startContext = [];
      messages.push({ role: "user", content });
      turn.transcript?.append("user", { role: "user", content });
      const run = runTurns({
        context: session.context,
        canUseTool: session.canUseTool,
        messages,
        model: turn.model === undefined ? model : { ...model, model: model.resolveModel(turn.model) },
        system: options.system,
        transcript: turn.transcript,
        signal: turn.signal,
        window,
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
      delete window.lastPromptTokens;
    },
    setModel(name) {
      model = { ...model, model: model.resolveModel(name) };
      session.services.provide(modelService, model);
    },
  };
}
