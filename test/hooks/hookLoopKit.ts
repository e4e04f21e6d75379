/**
 * For tests of the session's hook events through the agent loop: the local Messages API server,
 * a real session in a temporary folder with the hooks a test gives, hook scripts in a folder of
 * their own, the warnings the session gave, and runners for query() and runTurns().
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam, TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { Tools } from "../../src/Tool.ts";
import type { HookDefinition } from "../../src/hooks/types.ts";
import type { AskHandler } from "../../src/permissions/askHandler.ts";
import type { ConversationMessage } from "../../src/query/conversation.ts";
import type { QueryEvent, ResultEvent } from "../../src/query/events.ts";
import type { ModelAccess } from "../../src/query/modelAccess.ts";
import type { CallModel } from "../../src/query/modelTypes.ts";
import { query, type QueryOptions } from "../../src/query/query.ts";
import { createRunAccounting } from "../../src/query/runAccounting.ts";
import { runTurns, type RunTurnsOptions } from "../../src/query/runTurns.ts";
import { streamMessage } from "../../src/query/streamMessage.ts";
import type { Session } from "../../src/session/createSession.ts";
import { startMessagesApiServer, type MessagesApiServer } from "../helpers/messagesApiServer.ts";
import { clientFor, TEST_MODEL } from "../helpers/modelRequestKit.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { createTestSession } from "../helpers/testSession.ts";
import { hookOn, writeHookScript } from "./hookHelpers.ts";

export { hookOn };

export const TEST_SYSTEM: TextBlockParam[] = [{ type: "text", text: "You are a test." }];

export interface HookLoopKit {
  server: MessagesApiServer;
  folder: TemporaryFolder;
  /** The session's working folder. */
  project: string;
  session: Session;
  /** What the session warned about, one entry each (without the "toolshed: warning:" of standard error). */
  warnings: string[];
  /** Writes a hook script; returns the command that runs it. */
  script(name: string, body: string): string;
  /** A file path in the folder (outside the project), for hooks to write to. */
  file(name: string): string;
  model(overrides?: Partial<ModelAccess>): ModelAccess;
  /** Runs query() to its end and returns every event. */
  query(prompt: QueryOptions["prompt"], options?: Partial<Omit<QueryOptions, "model" | "session">>): Promise<QueryEvent[]>;
  /** Runs runTurns() over `messages` to its end. */
  turns(messages: ConversationMessage[], options?: Partial<Omit<RunTurnsOptions, "messages">>): Promise<{ events: QueryEvent[]; result: ResultEvent }>;
  /** The messages of the server's request `index`. */
  sent(index: number): MessageParam[];
  close(): Promise<void>;
}

export interface HookLoopOptions {
  hooks: (kit: Pick<HookLoopKit, "script" | "file">) => HookDefinition[];
  tools?: Tools;
  allow?: string[];
  askHandler?: AskHandler;
  interactive?: boolean;
}

export async function createHookLoopKit(options: HookLoopOptions): Promise<HookLoopKit> {
  const server = startMessagesApiServer();
  const folder = createTemporaryFolder("toolshed-hook-loop-");
  const project = join(folder.path, "project");
  const scripts = join(folder.path, "scripts");
  mkdirSync(project);
  mkdirSync(scripts);
  const script = (name: string, body: string) => writeHookScript(scripts, name, body);
  const file = (name: string) => join(folder.path, name);
  const warnings: string[] = [];
  const session = await createTestSession({
    cwd: project,
    tools: options.tools ?? [],
    allow: options.allow,
    hooks: options.hooks({ script, file }),
    askHandler: options.askHandler,
    interactive: options.interactive,
    // The session words each warning as a line of standard error; the tests read the warning alone.
    onWarning: (text) => warnings.push(text.replace(/^toolshed: warning: /, "").trimEnd()),
  });
  const client = clientFor(server);
  const callModel: CallModel = (params, signal) => streamMessage({ client, params, signal, env: {}, random: () => 0, sleep: async () => {} });
  const model = (overrides: Partial<ModelAccess> = {}): ModelAccess => ({
    callModel,
    model: TEST_MODEL,
    smallModel: "claude-haiku-5-5",
    resolveModel: (name) => name,
    maxOutputTokens: () => 1024,
    accounting: createRunAccounting({}),
    ...overrides,
  });
  return {
    server,
    folder,
    project,
    session,
    warnings,
    script,
    file,
    model,
    async query(prompt, overrides = {}) {
      const events: QueryEvent[] = [];
      for await (const event of query({ session, prompt, system: TEST_SYSTEM, apiKeySource: "ANTHROPIC_API_KEY", version: "test", env: {}, ...overrides, model: model() })) events.push(event);
      return events;
    },
    async turns(messages, overrides = {}) {
      const events: QueryEvent[] = [];
      const run = runTurns({
        context: session.context,
        canUseTool: session.canUseTool,
        model: model(),
        system: TEST_SYSTEM,
        signal: new AbortController().signal,
        env: {},
        ...overrides,
        messages,
      });
      let step = await run.next();
      while (!step.done) {
        events.push(step.value);
        step = await run.next();
      }
      return { events, result: step.value };
    },
    sent: (index) => (server.requests[index]?.body as { messages: MessageParam[] }).messages,
    async close() {
      await session.close();
      await server.close();
      folder.remove();
    },
  };
}

/** Every text of a message's content, joined. */
export function textIn(message: MessageParam | undefined): string {
  if (message === undefined) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((block) => ("text" in block && typeof block.text === "string" ? block.text : JSON.stringify(block))).join("\n");
}
