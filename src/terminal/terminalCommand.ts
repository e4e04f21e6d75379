/**
 * `toolshed [prompt] [flags]` at a terminal: the interactive session over the same loop, session,
 * model, system prompt and transcripts as `-p`. The screen comes first (the prompt is drawn at
 * once and takes typing); the session is made right after and takes what was typed. The
 * transcript is written as the conversation goes, so leaving at any moment (Ctrl-C twice, Ctrl-D,
 * /exit, a closed terminal) leaves it for `--continue` and `--resume`.
 */
import { UsageError } from "../errors/ToolError.ts";
import { describeError } from "../errors/describeError.ts";
import { getBuildInfo } from "../buildInfo.ts";
import type { CliStreams } from "../cli/cliStreams.ts";
import { openTranscript } from "../cli/openTranscript.ts";
import { parseCommandArgs } from "../cli/parseCommandArgs.ts";
import { readPromptFlag } from "../cli/readPromptFile.ts";
import { modelLimits, resolveModel } from "../query/modelAliases.ts";
import { firstFrameLines } from "./firstFrame.ts";
import { createPastedTexts } from "./input/pastedText.ts";
import { openPromptHistory } from "./input/PromptHistory.ts";
import { loadTerminalUi } from "./loadTerminalUi.ts";
import { colorsEnabled, createStyle } from "./style.ts";
import { TerminalController, type TerminalEngine } from "./TerminalController.ts";
import { TerminalTranscript } from "./TerminalTranscript.ts";
import { TERMINAL_FLAG_OPTIONS } from "./terminalFlags.ts";

/** Narrower than this, lines are laid out as if it were this wide (the screen's own minimum). */
const MIN_WIDTH = 40;

/** Exit statuses when a signal ends the session, as a shell reports them. */
const SIGNAL_STATUS: Readonly<Record<string, number>> = { SIGHUP: 129, SIGTERM: 143 };

/** Runs the interactive session; resolves with the exit status once the person has left. */
export async function terminalCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("[prompt]", args, TERMINAL_FLAG_OPTIONS);
  const cwd = process.cwd();
  const system = {
    replacement: readPromptFlag("system-prompt", values["system-prompt"], values["system-prompt-file"]),
    append: readPromptFlag("append-system-prompt", values["append-system-prompt"], values["append-system-prompt-file"]),
  };
  const opened = openTranscript({ cwd, sessionId: values["session-id"], resume: values.resume, continueLatest: values.continue === true, fork: values["fork-session"] === true, persist: true });
  const style = createStyle(colorsEnabled());
  const startingModel = values.model === undefined ? undefined : resolveModel(values.model);
  const welcome = `toolshed ${getBuildInfo().version} in ${cwd}. /help lists the commands; Escape stops the model; Ctrl-C twice leaves.`;
  // The prompt is drawn before the screen's library loads; the screen takes the frame over.
  const frame = firstFrameLines({
    width: Math.max(MIN_WIDTH, process.stdout.columns ?? 80),
    style,
    welcome,
    status: { model: startingModel ?? "starting…", mode: "default", contextTokens: 0, contextWindow: modelLimits(startingModel ?? "").contextWindow, costUsd: 0 },
  });
  streams.stdout.write(frame.join("\r\n"));
  process.stdin.setRawMode?.(true);
  const ui = await loadTerminalUi();
  const warnings: string[] = [];
  let controller: TerminalController | undefined;
  const notice = (text: string) => (controller === undefined ? warnings.push(text) : controller.notice("warning", text));
  const transcript = new TerminalTranscript(cwd, { id: opened.sessionId, writer: opened.writer(notice) }, notice);
  controller = new TerminalController({
    cwd,
    transcript,
    history: openPromptHistory(cwd),
    pastes: createPastedTexts(),
    style,
    startingModel,
  });
  const screen = controller;
  screen.runCommand = async (name, commandArgs, target) => (await import("./commands/builtinCommands.ts")).runSlashCommand(name, commandArgs, target);
  screen.notice("info", welcome);
  for (const warning of warnings) screen.notice("warning", warning);

  let engine: TerminalEngine | undefined;
  let failure: unknown;
  const start = async () => {
    try {
      const { openTerminalEngine } = await import("./openTerminalEngine.ts");
      engine = await openTerminalEngine({ cwd, values, opened, system, controller: screen, warn: (text) => screen.notice("warning", text) });
      screen.attach(engine);
      if (opened.history.length > 0) screen.showHistory();
    } catch (error) {
      // Nothing can run without the session (bad settings, no credentials): say why, and leave.
      failure = error;
      screen.exit();
    }
  };

  const signals: NodeJS.Signals[] = ["SIGHUP", "SIGTERM", "SIGINT"];
  let signalled: string | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C is a key at the terminal; a SIGINT from elsewhere stops the turn as Escape does.
    if (signal === "SIGINT") screen.interrupt();
    else {
      signalled = signal;
      screen.exit();
    }
  };
  for (const signal of signals) process.on(signal, onSignal);
  let starting: Promise<void> | undefined;
  try {
    const shown = ui.runTerminalApp({ controller: screen, style, write: (text) => streams.stdout.write(text), replacing: frame.length, onShown: () => {
      // After the screen's own first tasks (the keyboard is set up in one): typing comes first.
      setTimeout(() => (starting = start()), 0);
    } });
    const first = positionals.join(" ").trim();
    if (first !== "") void screen.submit(first);
    await shown;
    await starting;
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    // The screen gives the keyboard back when it closes; this covers a screen that never opened.
    process.stdin.setRawMode?.(false);
    if (engine !== undefined) {
      // The SessionEnd hooks, within their budget, then the servers and tasks stop.
      const { hookScopeOf } = await import("../hooks/runHooks.ts");
      const { runSessionEndHooks } = await import("../hooks/runSessionEndHooks.ts");
      await runSessionEndHooks(hookScopeOf(engine.session.context, { transcriptPath: transcript.writer.path }), signalled === undefined ? "prompt_input_exit" : "other");
      await engine.session.close();
    }
  }
  if (failure !== undefined) {
    if (failure instanceof UsageError) throw failure;
    throw new UsageError(describeError(failure));
  }
  streams.stdout.write(`Resume this conversation with: toolshed --resume ${transcript.sessionId}\n`);
  return signalled === undefined ? 0 : (SIGNAL_STATUS[signalled] ?? 1);
}
