/**
 * For tests of the agent loop: the local Messages API server, a CallModel that talks to it over
 * real HTTP (retry waits skipped), a real session in a temporary folder, and a runner that
 * collects every event of a query.
 */
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { Tools } from "../../src/Tool.ts";
import type { QueryEvent, ResultEvent } from "../../src/query/events.ts";
import type { ModelAccess } from "../../src/query/modelAccess.ts";
import type { CallModel } from "../../src/query/modelTypes.ts";
import { createRunAccounting } from "../../src/query/runAccounting.ts";
import { query, type QueryOptions } from "../../src/query/query.ts";
import { streamMessage } from "../../src/query/streamMessage.ts";
import type { Session } from "../../src/session/createSession.ts";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { startMessagesApiServer, type MessagesApiServer } from "./messagesApiServer.ts";
import { clientFor, TEST_MODEL } from "./modelRequestKit.ts";
import { createTemporaryFolder, type TemporaryFolder } from "./temporaryFolder.ts";
import { createTestSession, type TestSessionOptions } from "./testSession.ts";

export { TEST_MODEL };

export interface LoopKit {
  server: MessagesApiServer;
  folder: TemporaryFolder;
  session: Session;
  callModel: CallModel;
  /** Runs one query to the end and returns every event, the result last. */
  run(prompt: QueryOptions["prompt"], options?: Partial<Omit<QueryOptions, "model">> & { model?: Partial<ModelAccess> }): Promise<{ events: QueryEvent[]; result: ResultEvent }>;
  /** A model for the server: the test model, 1024 output tokens, its own accounting. */
  model(overrides?: Partial<ModelAccess>): ModelAccess;
  close(): Promise<void>;
}

export const TEST_SYSTEM: TextBlockParam[] = [{ type: "text", text: "You are a test." }];

/** A server, a folder and a session whose pool is `tools` (every built-in by default), with the session options given. */
export async function createLoopKit(options: Omit<TestSessionOptions, "cwd"> & { tools?: Tools; allow?: string[]; mode?: PermissionMode } = {}): Promise<LoopKit> {
  const server = await startMessagesApiServer();
  const folder = createTemporaryFolder("toolshed-loop-");
  const session = await createTestSession({ ...options, cwd: folder.path });
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
    session,
    callModel,
    model,
    async run(prompt, overrides = {}) {
      const events: QueryEvent[] = [];
      const { model: modelOverrides, ...rest } = overrides;
      for await (const event of query({
        session,
        prompt,
        system: TEST_SYSTEM,
        apiKeySource: "ANTHROPIC_API_KEY",
        version: "test",
        ...rest,
        model: model(modelOverrides),
      })) events.push(event);
      const result = events.at(-1);
      if (result?.type !== "result") throw new Error(`the query did not end with a result: ${JSON.stringify(result)}`);
      return { events, result };
    },
    async close() {
      await session.close();
      await server.close();
      folder.remove();
    },
  };
}
