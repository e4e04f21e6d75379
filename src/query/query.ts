/**
 * The agent loop as one async generator of events: a `system/init` event, then for each user
 * message the loop's events and a result. The CLI (`-p`, every output format), the library
 * (`import { query } from "toolshed"`), and later the terminal and sub-agents all read it.
 * SessionStart hooks run at the start (their context goes with the first message sent), and
 * UserPromptSubmit hooks before each message (context after it, or a block that keeps it back).
 */
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { hookScopeOf } from "../hooks/runHooks.ts";
import { runSessionStartHooks } from "../hooks/runSessionStartHooks.ts";
import { runUserPromptSubmitHooks } from "../hooks/runUserPromptSubmitHooks.ts";
import type { Session } from "../session/createSession.ts";
import type { ContextWindowState } from "./autoCompact.ts";
import type { ConversationMessage } from "./conversation.ts";
import type { QueryEvent, ResultEvent, SystemInitEvent } from "./events.ts";
import { modelService, type ModelAccess } from "./modelAccess.ts";
import { runTurns } from "./runTurns.ts";
import { skillsService } from "../skills/skillsService.ts";
import { failedResult } from "./failedResult.ts";
import type { TranscriptWriter } from "./transcript/TranscriptWriter.ts";
import type { TurnInterrupter } from "./turnInterrupter.ts";
import { userInputText, withHookContext, type UserInput } from "./userInput.ts";

export type { UserInput };

export interface QueryOptions {
  session: Session;
  /** One message, or a stream of them (each runs the loop and ends in its own result). */
  prompt: UserInput | AsyncIterable<UserInput>;
  /** The conversation being continued (a resumed session). */
  history?: ConversationMessage[];
  /** The model and where usage is counted; it is also provided to the session's tools (modelService). */
  model: ModelAccess;
  system: TextBlockParam[];
  maxTurns?: number;
  maxBudgetUsd?: number;
  transcript?: TranscriptWriter;
  signal?: AbortSignal;
  /** Lets one turn be interrupted while the run goes on with the messages after it. */
  turns?: TurnInterrupter;
  /** Where the credentials came from, for the init event ("ANTHROPIC_API_KEY", "apiKeyHelper", ...). */
  apiKeySource: string;
  version: string;
  /** Compacts the conversation when it nears the context window (on by default). */
  autoCompact?: boolean;
  /** Read for TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE; process.env by default. */
  env?: Record<string, string | undefined>;
}

function isStream(prompt: QueryOptions["prompt"]): prompt is AsyncIterable<UserInput> {
  return typeof prompt === "object" && prompt !== null && Symbol.asyncIterator in prompt;
}

async function* prompts(prompt: QueryOptions["prompt"]): AsyncGenerator<UserInput> {
  if (isStream(prompt)) yield* prompt;
  else yield prompt;
}

function isBlank(input: UserInput): boolean {
  if (typeof input === "string") return input.trim() === "";
  return input.every((block) => block.type === "text" && block.text.trim() === "");
}


/** The init event: the pool, the model, the mode and the MCP servers of the session. */
export function initEvent(options: Pick<QueryOptions, "session" | "model" | "apiKeySource" | "version">): SystemInitEvent {
  const { session } = options;
  return {
    type: "system",
    subtype: "init",
    uuid: crypto.randomUUID(),
    session_id: session.id,
    cwd: session.cwd,
    tools: session.context.options.tools.map((tool) => tool.name),
    mcp_servers: session.services.mcp.list().map((server) => ({ name: server.name, status: server.status })),
    model: options.model.model,
    permissionMode: session.permissionContext().mode,
    apiKeySource: options.apiKeySource,
    slash_commands: [],
    output_style: "default",
    skills: session.services.use(skillsService).skills.map((skill) => skill.name),
    plugins: [],
    toolshed_version: options.version,
  };
}

/** Runs the loop over every message of `options.prompt`, yielding every event; each message ends in a result. */
export async function* query(options: QueryOptions): AsyncGenerator<QueryEvent> {
  const { session } = options;
  session.services.provide(modelService, options.model);
  yield initEvent(options);
  const messages: ConversationMessage[] = [...(options.history ?? [])];
  const signal = options.signal ?? session.context.abortController.signal;
  const scope = () => hookScopeOf(session.context, { transcriptPath: options.transcript?.path, signal });
  // What SessionStart hooks add waits for the first message that is sent.
  let startContext = await runSessionStartHooks(scope(), { source: messages.length > 0 ? "resume" : "startup", model: options.model.model });
  const window: ContextWindowState = {};
  for await (const input of prompts(options.prompt)) {
    if (isBlank(input)) {
      yield failedResult(options.session.id, ["the message was empty (only whitespace), so nothing was sent to the model"], "completed");
      continue;
    }
    const verdict = await runUserPromptSubmitHooks(scope(), userInputText(input));
    if (signal.aborted) {
      yield failedResult(session.id, ["interrupted"], "aborted_hooks");
      return;
    }
    if (verdict.blocked !== undefined) {
      // The reason is for the person: the prompt and the reason never reach the model.
      yield failedResult(session.id, [verdict.blocked], "prompt_blocked");
      continue;
    }
    const content = withHookContext(input, startContext, verdict.context);
    startContext = [];
    messages.push({ role: "user", content });
    options.transcript?.append("user", { role: "user", content });
    const turnSignal = options.turns === undefined ? signal : AbortSignal.any([signal, options.turns.begin()]);
    try {
      const run = runTurns({ ...options, context: session.context, canUseTool: session.canUseTool, messages, signal: turnSignal, window });
      let step = await run.next();
      while (!step.done) {
        yield step.value;
        step = await run.next();
      }
      yield step.value;
    } finally {
      options.turns?.end();
    }
    if (signal.aborted) return;
  }
}
