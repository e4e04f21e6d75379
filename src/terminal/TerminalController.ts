/**
 * The interactive session behind the screen: it takes what the person sends (prompts, `!`
 * commands, slash commands), runs each turn over the same loop and session as `-p`, answers
 * permission questions through the person, and keeps the state the view draws. Escape stops
 * the running turn (its request and every process its tools started) and the session goes on.
 */
import type { ContentBlockParam, TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { describeError } from "../errors/describeError.ts";
import type { AskRequest } from "../permissions/askHandler.ts";
import { PERMISSION_MODES, type PermissionMode } from "../permissions/types.ts";
import type { ConversationMessage } from "../query/conversation.ts";
import type { Conversation } from "../query/createConversation.ts";
import type { AssistantEvent } from "../query/events.ts";
import { endedBeforeSending } from "../query/failedResult.ts";
import { modelLimits } from "../query/modelAliases.ts";
import type { UserInput } from "../query/query.ts";
import type { Session } from "../session/createSession.ts";
import { buildQuestionView } from "./buildQuestionView.ts";
import { historyItems } from "./historyItems.ts";
import { attachMentions } from "./input/attachMentions.ts";
import type { PastedTexts } from "./input/pastedText.ts";
import type { PromptHistory } from "./input/PromptHistory.ts";
import { shellContextText } from "./prompt.ts";
import { runPersonShellCommand } from "./runPersonShellCommand.ts";
import { ScreenChoices } from "./ScreenChoices.ts";
import { createStore, type Store } from "./Store.ts";
import type { Style } from "./style.ts";
import type { TerminalTranscript } from "./TerminalTranscript.ts";
import { initialTerminalState, nextItemId, type PickerView, type QuestionOption, type ScreenItem, type TerminalState } from "./terminalState.ts";
import { TurnDisplay } from "./TurnDisplay.ts";

/** How long "Press Ctrl-C again to exit" waits for the second press. */
export const EXIT_PRESS_WINDOW_MS = 2000;
/** Lines of a `!` command's output shown on screen. */
const SHELL_SCREEN_LINES = 12;

/** What the session is made of; ready a moment after the screen (so the prompt shows at once). */
export interface TerminalEngine {
  session: Session;
  /** The conversation, with its model (changeable with /model) and where usage is counted. */
  conversation: Conversation;
  /** Resolves once every MCP server has connected or failed; a message waits for it. */
  mcpConnected?: Promise<void>;
}

/** The busy label while a message waits for MCP servers to finish connecting. */
const WAITING_FOR_SERVERS = "Waiting for MCP servers";

/** What the screen needs before the session is there. */
export interface TerminalControllerOptions {
  cwd: string;
  transcript: TerminalTranscript;
  history: PromptHistory;
  pastes: PastedTexts;
  style: Style;
  /** What the status line shows until the session is ready (the model asked for, or nothing yet). */
  startingModel?: string;
}

/** What a running thing can be stopped by: the turn, a `!` command, a task (a summary). */
interface Running {
  controller: AbortController;
  kind: "turn" | "shell" | "task";
}

export class TerminalController {
  readonly store: Store<TerminalState>;
  private model: string;
  private running: Running | undefined;
  private pendingContext: TextBlockParam[] = [];
  /** The permission question and the list to choose from, one of each at a time. */
  private readonly choices: ScreenChoices;
  private exitPressedAt = 0;
  /** Set while a question of the model waits for an answer in the person's own words. */
  private typedAnswer: ((text: string | undefined) => void) | undefined;
  /** Set by "tell the model what to do instead": the turn ends once the current calls have their results. */
  private stopAfterResults = false;
  private hintTimer: ReturnType<typeof setTimeout> | undefined;
  private exited!: () => void;
  /** Only a session started with bypassPermissions may cycle back into it. */
  private startedBypassing = false;
  /** Resolves when the person leaves. */
  readonly done: Promise<void>;
  /** What the slash commands are; set by the command list (kept apart to keep this file small). */
  runCommand: (name: string, args: string, controller: TerminalController) => Promise<boolean> = async () => false;

  constructor(readonly options: TerminalControllerOptions) {
    this.model = options.startingModel ?? "";
    this.store = createStore(initialTerminalState({ model: this.model === "" ? "starting…" : this.model, mode: "default", contextTokens: 0, contextWindow: modelLimits(this.model).contextWindow, costUsd: 0 }));
    this.choices = new ScreenChoices(this.store);
    this.done = new Promise((resolve) => (this.exited = resolve));
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  /** Resolves once the session is ready (attach was called). */
  readonly ready: Promise<void>;
  private markReady!: () => void;
  private engine: TerminalEngine | undefined;

  /** Joins the session to the screen; what was sent meanwhile goes now. */
  attach(engine: TerminalEngine): void {
    this.engine = engine;
    this.model = engine.conversation.model.model;
    this.startedBypassing = engine.session.permissionContext().mode === "bypassPermissions";
    this.store.update((state) => ({ ...state, status: { ...state.status, model: this.model, mode: this.mode(), contextWindow: modelLimits(this.model).contextWindow } }));
    this.markReady();
  }

  private get parts(): TerminalEngine {
    if (this.engine === undefined) throw new Error("the session is not ready yet");
    return this.engine;
  }

  get session(): Session {
    return this.parts.session;
  }

  get conversation(): Conversation {
    return this.parts.conversation;
  }

  get isReady(): boolean {
    return this.engine !== undefined;
  }

  get currentModel(): string {
    return this.model;
  }

  mode(): PermissionMode {
    return this.engine?.session.permissionContext().mode ?? "default";
  }

  /** Adds finished items above the live part. */
  print(...items: ScreenItem[]): void {
    this.store.update((state) => ({ ...state, items: [...state.items, ...items] }));
  }

  notice(level: "info" | "warning" | "error", text: string): void {
    this.print({ kind: "notice", id: nextItemId(), level, text });
  }

  /** Prints already laid out lines (a command's output). */
  output(lines: string[]): void {
    this.print({ kind: "output", id: nextItemId(), lines });
  }

  /** Shows the conversation so far (a resumed session's). */
  showHistory(): void {
    const items = historyItems(this.conversation.messages, this.session.tools);
    if (items.length > 0) this.print(...items, { kind: "notice", id: nextItemId(), level: "info", text: `Resumed session ${this.options.transcript.sessionId}.` });
  }

  /** Handles one submitted input: a prompt, `!command`, or `/command`; queued while something runs. */
  async submit(raw: string): Promise<void> {
    const text = raw.trim();
    if (text === "") return;
    this.options.history.add(raw);
    if (this.typedAnswer !== undefined && !text.startsWith("/")) {
      this.print({ kind: "user", id: nextItemId(), text });
      this.typedAnswer(text);
      return;
    }
    this.store.update((state) => ({ ...state, placeholder: undefined }));
    if (/^\/(exit|quit)\s*$/.test(text)) return this.exit();
    if (!this.isReady) {
      // Typed before the session was ready: it goes as soon as it is.
      this.store.update((state) => ({ ...state, queued: [...state.queued, raw] }));
      await this.ready;
      this.store.update((state) => ({ ...state, queued: state.queued.filter((entry) => entry !== raw) }));
    }
    if (this.running !== undefined) {
      this.store.update((state) => ({ ...state, queued: [...state.queued, raw] }));
      return;
    }
    if (text.startsWith("!")) return this.runShell(text.slice(1).trim());
    if (text.startsWith("/") && !text.startsWith("//")) {
      const name = text.slice(1).split(/\s+/)[0] ?? "";
      const args = text.slice(1 + name.length).trim();
      if (await this.runCommand(name, args, this)) return;
      this.notice("error", `There is no command /${name}. /help lists the commands.`);
      return;
    }
    await this.sendPrompt(this.options.pastes.expand(raw), { display: raw });
  }

  /** While servers are still connecting, the busy line says the message waits for them. */
  private showServerWait(): void {
    const connecting = this.engine?.mcpConnected;
    const pending = this.engine?.session.services.mcp?.list().some((server) => server.status === "pending") ?? false;
    if (connecting === undefined || !pending) return;
    this.store.update((state) => ({ ...state, busy: WAITING_FOR_SERVERS }));
    const done = () => this.store.update((state) => (state.busy === WAITING_FOR_SERVERS ? { ...state, busy: "Thinking" } : state));
    void connecting.then(done, done);
  }

  /** Sends a message to the model and runs the turn to its end (or until interrupted). */
  async sendPrompt(text: string, options: { display?: string; model?: string } = {}): Promise<void> {
    const controller = new AbortController();
    this.running = { controller, kind: "turn" };
    this.print({ kind: "user", id: nextItemId(), text: (options.display ?? text).replace(/\s+$/, "") });
    this.store.update((state) => ({ ...state, busy: "Thinking" }));
    this.showServerWait();
    const display = new TurnDisplay(this.store, () => this.session.tools, (event) => this.countAnswer(event));
    try {
      const attachments = await attachMentions(text, this.session.context, async (question) =>
        // "No" is where the choice starts: a key typed ahead does not attach a file from outside.
        (await this.pick(question, [{ label: "Yes, attach it" }, { label: "No, leave it out" }], 1)) === 0);
      for (const notice of attachments.notices) this.notice("warning", notice);
      const carried = this.pendingContext;
      const extra = [...carried, ...attachments.blocks];
      this.pendingContext = [];
      const input: UserInput = extra.length === 0 ? text : [{ type: "text", text } as ContentBlockParam, ...extra];
      const events = this.conversation.send(input, { transcript: this.options.transcript.writer, model: options.model, signal: controller.signal });
      for await (const event of events) {
        display.handle(event);
        // A message that never reached the model leaves what it was to carry (a `!` command's output) for the next.
        if (event.type === "result" && endedBeforeSending(event)) this.pendingContext = [...carried, ...this.pendingContext];
        // The loop goes on only after this returns: aborting here ends the turn before its next request.
        if (event.type === "user" && this.stopAfterResults) controller.abort();
      }
    } catch (error) {
      this.notice("error", describeError(error));
    } finally {
      display.finish();
      this.running = undefined;
      this.stopAfterResults = false;
      this.store.update((state) => ({ ...state, busy: undefined, question: undefined }));
      this.updateCost();
    }
    await this.sendQueued();
  }

  private async sendQueued(): Promise<void> {
    const next = this.store.get().queued[0];
    if (next === undefined || this.running !== undefined) return;
    this.store.update((state) => ({ ...state, queued: state.queued.slice(1) }));
    await this.submit(next);
  }

  private countAnswer(event: AssistantEvent): void {
    const usage = event.message.usage;
    const used = usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + usage.output_tokens;
    this.store.update((state) => ({ ...state, status: { ...state.status, contextTokens: used } }));
    this.updateCost();
  }

  private updateCost(): void {
    const cost = this.conversation.model.accounting.usage.summary().totalCostUSD;
    this.store.update((state) => (state.status.costUsd === cost ? state : { ...state, status: { ...state.status, costUsd: cost } }));
  }

  /** Runs a shell command the person typed after `!`; its output goes to the model with the next message. */
  async runShell(command: string): Promise<void> {
    if (command === "") {
      this.notice("info", "Type a shell command after !, such as !git status.");
      return;
    }
    const controller = new AbortController();
    this.running = { controller, kind: "shell" };
    this.store.update((state) => ({ ...state, shell: { command, output: [] }, busy: "Running your command" }));
    try {
      const result = await runPersonShellCommand({
        command,
        cwd: this.session.services.shell.cwd,
        sessionDirectory: this.session.context.sessionDirectory,
        signal: controller.signal,
        onLine: (line) => this.store.update((state) => state.shell === undefined ? state : { ...state, shell: { ...state.shell, output: [...state.shell.output, line].slice(-SHELL_SCREEN_LINES) } }),
      });
      const lines = result.output.replace(/\s+$/, "").split("\n").filter((line, index, all) => line !== "" || index < all.length - 1);
      const shown = lines.length > SHELL_SCREEN_LINES ? [`… ${lines.length - SHELL_SCREEN_LINES} lines above`, ...lines.slice(-SHELL_SCREEN_LINES)] : lines;
      this.print({ kind: "shell", id: nextItemId(), command, output: shown, status: result.status });
      this.pendingContext.push({ type: "text", text: shellContextText(command, result.status, result.output) });
    } catch (error) {
      this.notice("error", `The command could not run: ${describeError(error)}`);
    } finally {
      this.running = undefined;
      this.store.update((state) => ({ ...state, shell: undefined, busy: undefined }));
    }
    await this.sendQueued();
  }

  /** Escape: stops what runs (the turn with its tools, a `!` command, a summary); a question is answered no. */
  interrupt(): boolean {
    if (this.running === undefined) return false;
    this.running.controller.abort();
    return true;
  }

  /** Ctrl-C: stops what runs; a second press within two seconds leaves. */
  pressCtrlC(): void {
    const now = Date.now();
    if (now - this.exitPressedAt <= EXIT_PRESS_WINDOW_MS) {
      this.exit();
      return;
    }
    this.exitPressedAt = now;
    this.interrupt();
    this.showHint("Press Ctrl-C again to exit");
  }

  showHint(hint: string): void {
    clearTimeout(this.hintTimer);
    this.store.update((state) => ({ ...state, hint }));
    this.hintTimer = setTimeout(() => this.store.update((state) => ({ ...state, hint: undefined })), EXIT_PRESS_WINDOW_MS);
    this.hintTimer.unref?.();
  }

  /** Shift+Tab: the next permission mode (bypassPermissions only when the session started in it). */
  cycleMode(): void {
    if (!this.isReady) return;
    const cycle: PermissionMode[] = ["default", "acceptEdits", "plan", ...(this.startedBypassing ? ["bypassPermissions" as const] : [])];
    this.setMode(cycle[(cycle.indexOf(this.mode()) + 1) % cycle.length] ?? "default");
  }

  setMode(mode: PermissionMode): void {
    if (!PERMISSION_MODES.includes(mode)) return;
    this.session.context.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode } }));
    this.store.update((state) => ({ ...state, status: { ...state.status, mode } }));
  }

  setModel(name: string): string {
    this.conversation.setModel(name);
    this.model = this.conversation.model.model;
    this.store.update((state) => ({ ...state, status: { ...state.status, model: this.model, contextWindow: modelLimits(this.model).contextWindow } }));
    return this.model;
  }

  /** The ask handler's way to the screen: shows the question and waits for the answer (or the signal). */
  async presentQuestion(request: AskRequest, signal: AbortSignal | undefined): Promise<QuestionOption["answer"] | undefined> {
    const view = await buildQuestionView(request, this.options.style);
    return this.choices.ask(view, signal);
  }

  answerQuestion(answer: QuestionOption["answer"]): void {
    this.choices.answer(answer);
  }

  /**
   * After "No, and tell the model what to do instead": the turn stops once the refusal is among
   * the call results (so the model learns it was refused), and the input asks for the instruction.
   */
  stopForInstructions(): void {
    this.stopAfterResults = true;
    this.store.update((state) => ({ ...state, placeholder: "Tell the model what to do instead" }));
  }

  /** Shows a list to choose from; resolves with the chosen index, or undefined when cancelled. */
  pick(title: string, options: PickerView["options"], selected = 0): Promise<number | undefined> {
    return this.choices.pick(title, options, selected);
  }

  movePicker(delta: number): void {
    this.choices.move(delta);
  }

  choosePicker(index?: number): void {
    this.choices.choose(index);
  }

  cancelPicker(): void {
    this.choices.cancel();
  }

  /** A list where several entries may be ticked. */
  pickMany(title: string, options: PickerView["options"]): Promise<number[] | undefined> {
    return this.choices.pickMany(title, options);
  }

  togglePicker(): void {
    this.choices.toggle();
  }

  /** Takes the next message the person sends as an answer (not sent to the model); undefined when the turn is stopped. */
  takeTypedAnswer(placeholder: string, signal: AbortSignal | undefined): Promise<string | undefined> {
    this.typedAnswer?.(undefined);
    this.store.update((state) => ({ ...state, placeholder }));
    return new Promise((resolve) => {
      const onAbort = () => settle(undefined);
      const settle = (text: string | undefined) => {
        signal?.removeEventListener("abort", onAbort);
        this.typedAnswer = undefined;
        this.store.update((state) => ({ ...state, placeholder: undefined }));
        resolve(text);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.typedAnswer = settle;
    });
  }

  /** Puts `messages` in place of the conversation and prints the screen anew (/clear, /resume, /compact). */
  replaceConversation(messages: readonly ConversationMessage[], options: { clearScreen: boolean }): void {
    this.conversation.replace(messages);
    this.pendingContext = [];
    this.store.update((state) => ({
      ...state,
      ...(options.clearScreen ? { items: [], generation: state.generation + 1, queued: [] } : {}),
      status: { ...state.status, contextTokens: 0 },
    }));
  }

  /** Runs work that Escape stops (a summary), showing `busy` while it runs; false when something else runs. */
  async runTask(busy: string, work: (signal: AbortSignal) => Promise<void>): Promise<boolean> {
    if (this.running !== undefined) return false;
    const controller = new AbortController();
    this.running = { controller, kind: "task" };
    this.store.update((state) => ({ ...state, busy }));
    try {
      await work(controller.signal);
    } finally {
      this.running = undefined;
      this.store.update((state) => ({ ...state, busy: undefined }));
      this.updateCost();
    }
    return true;
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Leaves: stops what runs and lets the view unmount. */
  exit(): void {
    this.running?.controller.abort();
    this.choices.withdraw();
    this.typedAnswer?.(undefined);
    clearTimeout(this.hintTimer);
    this.store.update((state) => ({ ...state, exiting: true }));
    this.exited();
  }
}
