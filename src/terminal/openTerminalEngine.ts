/**
 * The session behind the interactive screen, made once the screen is up (so the prompt shows at
 * once): settings and the tool pool (createSession, its questions asked on the screen), the model
 * and its credentials, the system prompt, and the conversation (a resumed one's history included).
 */
import type { OpenedTranscript } from "../cli/openTranscript.ts";
import { readSessionFlags } from "../cli/sessionFlags.ts";
import { createConversation } from "../query/createConversation.ts";
import { createDefaultModel } from "../query/defaultModel.ts";
import { buildSystemPrompt } from "../query/systemPrompt/buildSystemPrompt.ts";
import { readEnvironment } from "../query/systemPrompt/environmentInfo.ts";
import { readProjectInstructions } from "../query/systemPrompt/projectInstructions.ts";
import { createSession } from "../session/createSession.ts";
import { createQuestionAskHandler } from "./createQuestionAskHandler.ts";
import type { TerminalController, TerminalEngine } from "./TerminalController.ts";

export interface TerminalEngineOptions {
  cwd: string;
  /** The parsed command line (session flags, --model, --fallback-model). */
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
  const session = await createSession({
    cwd,
    flags: readSessionFlags(options.values),
    sessionId: options.opened.sessionId,
    askHandler: createQuestionAskHandler({ present: (request, signal) => controller.presentQuestion(request, signal), onInstead: () => controller.stopForInstructions() }),
    isNonInteractive: false,
    askTrust: async (skipped) =>
      (await controller.pick(`This folder's own settings would apply: ${skipped.join("; ")}. Trust this folder?`, [{ label: "Yes, trust it and apply them" }, { label: "No, not now" }])) === 0,
    warn: (text) => options.warn(text.replace(/^toolshed: (warning: )?/, "").trimEnd()),
  });
  try {
    const model = await createDefaultModel({ settings: session.loaded.settings, cwd });
    const environment = readEnvironment(cwd, session.permissionContext().additionalDirectories);
    const system = buildSystemPrompt({ ...options.system, environment, instructions: readProjectInstructions(cwd) });
    const fallback = options.values["fallback-model"];
    return {
      session,
      conversation: createConversation({ session, callModel: model.callModel, system, history: options.opened.history }),
      callModel: model.callModel,
      system,
      model: model.resolveModel(options.values.model ?? session.context.options.model),
      fallbackModel: fallback === undefined ? undefined : model.resolveModel(fallback),
      resolveModel: model.resolveModel,
      maxOutputTokens: model.maxOutputTokens,
    };
  } catch (error) {
    await session.close();
    throw error;
  }
}
