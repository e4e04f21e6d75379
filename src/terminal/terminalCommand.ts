/**
 * `toolshed [prompt] [flags]` at a terminal: the interactive session over the same loop, session,
 * model, system prompt and transcripts as `-p`. The transcript is written as the conversation goes,
 * so leaving at any moment (Ctrl-C twice, Ctrl-D, /exit, a closed terminal) leaves it for
 * `--continue` and `--resume`.
 */
import { UsageError } from "../errors/ToolError.ts";
import { describeError } from "../errors/describeError.ts";
import { getBuildInfo } from "../buildInfo.ts";
import type { CliStreams } from "../cli/cliStreams.ts";
import { openTranscript } from "../cli/openTranscript.ts";
import { parseCommandArgs } from "../cli/parseCommandArgs.ts";
import { readPromptFlag } from "../cli/readPromptFile.ts";
import { readSessionFlags } from "../cli/sessionFlags.ts";
import { askTrustAtTerminal } from "../permissions/terminalTrustQuestion.ts";
import { createConversation } from "../query/createConversation.ts";
import { createDefaultModel } from "../query/defaultModel.ts";
import { buildSystemPrompt } from "../query/systemPrompt/buildSystemPrompt.ts";
import { readEnvironment } from "../query/systemPrompt/environmentInfo.ts";
import { readProjectInstructions } from "../query/systemPrompt/projectInstructions.ts";
import { createSession } from "../session/createSession.ts";
import { runSlashCommand } from "./commands/builtinCommands.ts";
import { createQuestionAskHandler } from "./createQuestionAskHandler.ts";
import { createPastedTexts } from "./input/pastedText.ts";
import { openPromptHistory } from "./input/PromptHistory.ts";
import { loadTerminalUi } from "./loadTerminalUi.ts";
import { colorsEnabled, createStyle } from "./style.ts";
import { TerminalController } from "./TerminalController.ts";
import { TerminalTranscript } from "./TerminalTranscript.ts";
import { TERMINAL_FLAG_OPTIONS } from "./terminalFlags.ts";

/** Exit statuses when a signal ends the session, as a shell reports them. */
const SIGNAL_STATUS: Readonly<Record<string, number>> = { SIGHUP: 129, SIGTERM: 143 };

/** Runs the interactive session; resolves with the exit status once the person has left. */
export async function terminalCommand(args: string[], streams: CliStreams, onReady?: () => void): Promise<number> {
  const { values, positionals } = parseCommandArgs("[prompt]", args, TERMINAL_FLAG_OPTIONS);
  const cwd = process.cwd();
  const replacement = readPromptFlag("system-prompt", values["system-prompt"], values["system-prompt-file"]);
  const append = readPromptFlag("append-system-prompt", values["append-system-prompt"], values["append-system-prompt-file"]);
  const opened = openTranscript({ cwd, sessionId: values["session-id"], resume: values.resume, continueLatest: values.continue === true, fork: values["fork-session"] === true, persist: true });
  // The screen's code loads while the session is made.
  const ui = loadTerminalUi();
  const warnings: string[] = [];
  let controller: TerminalController | undefined;
  const askHandler = createQuestionAskHandler({
    present: async (request, signal) => controller?.presentQuestion(request, signal),
    onInstead: () => controller?.stopForInstructions(),
  });
  const session = await createSession({
    cwd,
    flags: readSessionFlags(values),
    sessionId: opened.sessionId,
    askHandler,
    isNonInteractive: false,
    askTrust: askTrustAtTerminal,
    warn: (text) => warnings.push(text.replace(/^toolshed: (warning: )?/, "").trimEnd()),
  });
  const signals: NodeJS.Signals[] = ["SIGHUP", "SIGTERM", "SIGINT"];
  let signalled: string | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C is a key at the terminal; a SIGINT from elsewhere stops the turn as Escape does.
    if (signal === "SIGINT") controller?.interrupt();
    else {
      signalled = signal;
      controller?.exit();
    }
  };
  for (const signal of signals) process.on(signal, onSignal);
  try {
    const model = await createDefaultModel({ settings: session.loaded.settings, cwd }).catch((error: unknown) => {
      throw new UsageError(describeError(error));
    });
    const modelId = model.resolveModel(values.model ?? session.context.options.model);
    const environment = readEnvironment(cwd, session.permissionContext().additionalDirectories);
    const system = buildSystemPrompt({ replacement, append, environment, instructions: readProjectInstructions(cwd) });
    const style = createStyle(colorsEnabled());
    const transcript = new TerminalTranscript(cwd, { id: opened.sessionId, writer: opened.writer((text) => warnings.push(text)) }, (text) => controller?.notice("warning", text));
    controller = new TerminalController({
      session,
      conversation: createConversation({ session, callModel: model.callModel, system, history: opened.history }),
      callModel: model.callModel,
      system,
      model: modelId,
      fallbackModel: values["fallback-model"] === undefined ? undefined : model.resolveModel(values["fallback-model"]),
      resolveModel: model.resolveModel,
      maxOutputTokens: model.maxOutputTokens,
      transcript,
      history: openPromptHistory(cwd),
      pastes: createPastedTexts(),
      style,
    });
    controller.runCommand = runSlashCommand;
    controller.notice("info", `toolshed ${getBuildInfo().version} in ${cwd}. /help lists the commands; Escape stops the model; Ctrl-C twice leaves.`);
    for (const warning of warnings) controller.notice("warning", warning);
    if (opened.history.length > 0) controller.showHistory();
    const { runTerminalApp } = await ui;
    const shown = runTerminalApp(controller, style, onReady);
    const first = positionals.join(" ").trim();
    if (first !== "") void controller.submit(first);
    await shown;
    streams.stdout.write(`Resume this conversation with: toolshed --resume ${transcript.sessionId}\n`);
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    await session.close();
  }
  return signalled === undefined ? 0 : (SIGNAL_STATUS[signalled] ?? 1);
}
