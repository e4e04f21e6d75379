/**
 * The session behind the interactive screen, made once the screen is up (so the prompt shows at
 * once), as `-p` makes its own: settings, the MCP servers and the tool pool (questions about trust
 * and project servers asked on the screen), the model and its credentials, the system prompt, and
 * the conversation (a resumed one's history included).
 */
import type { OpenedTranscript } from "../cli/openTranscript.ts";
import { readSessionFlags } from "../cli/sessionFlags.ts";
import { readMcpConfigFlags } from "../mcp/cli/mcpConfigFlags.ts";
import { createSessionWithMcp } from "../mcp/client/createSessionWithMcp.ts";
import { createConversation } from "../query/createConversation.ts";
import { createDefaultModel } from "../query/defaultModel.ts";
import { buildSystemPrompt } from "../query/systemPrompt/buildSystemPrompt.ts";
import { readEnvironment } from "../query/systemPrompt/environmentInfo.ts";
import { readProjectInstructions } from "../query/systemPrompt/projectInstructions.ts";
import { answerModelQuestions } from "./answerModelQuestions.ts";
import { createQuestionAskHandler } from "./createQuestionAskHandler.ts";
import type { TerminalController, TerminalEngine } from "./TerminalController.ts";
import { describeServerTarget } from "../mcp/client/config/describeServerTarget.ts";

export interface TerminalEngineOptions {
  cwd: string;
  /** The parsed command line (session and MCP flags, --model, --fallback-model). */
  values: { [key: string]: unknown; model?: string; "fallback-model"?: string };
  opened: OpenedTranscript;
  system: { replacement?: string; append?: string };
  controller: TerminalController;
  /** Where warnings go (shown as notices). */
  warn(text: string): void;
}

/** The whole session; throws (a UsageError for bad settings or missing credentials) when it cannot be made. */
export async function openTerminalEngine(options: TerminalEngineOptions): Promise<TerminalEngine> {
  const { cwd, controller } = options;
  // The prompt does not wait for the MCP servers: they connect while the person types, and a
  // message sent before they are done waits for them (within MCP_TIMEOUT) before its request.
  const { session, connections, connected } = await createSessionWithMcp({
    cwd,
    flags: readSessionFlags(options.values),
    mcpFlags: readMcpConfigFlags(options.values),
    sessionId: options.opened.sessionId,
    askHandler: createQuestionAskHandler({
      present: (request, signal) => controller.presentQuestion(request, signal),
      onInstead: () => controller.stopForInstructions(),
      answer: (request) => answerModelQuestions(controller, request),
    }),
    isNonInteractive: false,
    askTrust: async (skipped) =>
      (await controller.pick(`This folder's own settings would apply: ${skipped.join("; ")}. Trust this folder?`, [{ label: "Yes, trust it and apply them" }, { label: "No, not now" }])) === 0,
    // One question per server, showing what it would run: a repository names its servers as it likes.
    approveMcpServers: async (servers) => {
      const approved: string[] = [];
      for (const server of servers) {
        const question = `This project's .mcp.json would start the MCP server "${server.name}": ${describeServerTarget(server)} (${server.where}). Start it? (To always start it, add its name to "enabledMcpjsonServers" in your own settings.)`;
        if ((await controller.pick(question, [{ label: "Yes, start it" }, { label: "No, not now" }])) === 0) approved.push(server.name);
      }
      return approved;
    },
    warn: (text) => options.warn(text.replace(/^toolshed: (warning: )?/, "").trimEnd()),
    waitForServers: false,
  });
  // A server's list changed: the next request gives the model the new pool.
  connections.onChange(() => session.setMcpTools(connections.tools()));
  try {
    const { access } = await createDefaultModel({ settings: session.loaded.settings, cwd, model: options.values.model ?? session.context.options.model, fallbackModel: options.values["fallback-model"] });
    const environment = await readEnvironment(cwd, session.permissionContext().additionalDirectories);
    const system = buildSystemPrompt({ ...options.system, environment, instructions: readProjectInstructions(cwd) });
    return { session, conversation: createConversation({ session, model: access, system, history: options.opened.history, ready: connected }), mcpConnected: connected };
  } catch (error) {
    await session.close();
    throw error;
  }
}
