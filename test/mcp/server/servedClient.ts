/** A served toolshed session and an SDK client talking to it over the in-memory pair. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { createServedSession } from "../../../src/mcp/server/createServedSession.ts";
import { createToolshedMcpServer } from "../../../src/mcp/server/createToolshedMcpServer.ts";
import type { Session } from "../../../src/session/createSession.ts";

/** How the test client answers elicitations; none means it does not support them. */
export type ElicitationAnswer = (message: string) => ElicitResult;

export interface ServedClient {
  client: Client;
  server: Server;
  questions: string[];
  close(): Promise<void>;
}

/** Serves `session` to a new client. */
export async function connectServedClient(session: Session, answer?: ElicitationAnswer, options: { progressIntervalMs?: number } = {}): Promise<ServedClient> {
  const served = createServedSession(session, options);
  const server = createToolshedMcpServer(served);
  const client = new Client({ name: "test-client", version: "1.0.0" }, { capabilities: answer === undefined ? {} : { elicitation: {} } });
  const questions: string[] = [];
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      questions.push(request.params.message);
      return answer(request.params.message);
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    server,
    questions,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The text of a tools/call result. */
export function resultText(result: unknown): string {
  const content: unknown = typeof result === "object" && result !== null && "content" in result ? result.content : [];
  if (!Array.isArray(content)) return "";
  return content.map((part: { type?: string; text?: string }) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
}
