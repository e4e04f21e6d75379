/**
 * The controller behind the screen, without a terminal: a real session and the loop against the
 * local Messages API, driven as the view drives it (submit, answer, interrupt), its state read
 * from the store.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { createConversation } from "../../src/query/createConversation.ts";
import type { ModelAccess } from "../../src/query/modelAccess.ts";
import type { CallModel } from "../../src/query/modelTypes.ts";
import { createRunAccounting } from "../../src/query/runAccounting.ts";
import { streamMessage } from "../../src/query/streamMessage.ts";
import type { Session } from "../../src/session/createSession.ts";
import { runSlashCommand } from "../../src/terminal/commands/builtinCommands.ts";
import { answerModelQuestions, OWN_WORDS } from "../../src/terminal/answerModelQuestions.ts";
import { createQuestionAskHandler } from "../../src/terminal/createQuestionAskHandler.ts";
import { createPastedTexts } from "../../src/terminal/input/pastedText.ts";
import { openPromptHistory } from "../../src/terminal/input/PromptHistory.ts";
import { createStyle, stripAnsi } from "../../src/terminal/style.ts";
import { TerminalController } from "../../src/terminal/TerminalController.ts";
import { TerminalTranscript } from "../../src/terminal/TerminalTranscript.ts";
import type { QuestionOption, ScreenItem, TerminalState } from "../../src/terminal/terminalState.ts";
import { cutTurn, startMessagesApiServer, textTurn, turn, type MessagesApiServer } from "../helpers/messagesApiServer.ts";
import { clientFor, TEST_MODEL } from "../helpers/modelRequestKit.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { createTestSession } from "../helpers/testSession.ts";

let server: MessagesApiServer;
let folder: TemporaryFolder;
let session: Session;
let controller: TerminalController;

afterEach(async () => {
  controller?.exit();
  await session?.close();
  await server?.close();
  folder?.remove();
  delete process.env.TOOLSHED_CONFIG_DIR;
});

/** A controller over a real session; each question is answered with `answer` as soon as it shows. */
async function setUp(options: { answer?: QuestionOption["answer"]; allow?: string[]; ready?: Promise<void> } = {}): Promise<void> {
  server = startMessagesApiServer();
  folder = createTemporaryFolder("toolshed-controller-");
  process.env.TOOLSHED_CONFIG_DIR = join(folder.path, "config");
  const askHandler = createQuestionAskHandler({
    present: (request, signal) => controller.presentQuestion(request, signal),
    onInstead: () => controller.stopForInstructions(),
    answer: (request) => answerModelQuestions(controller, request),
  });
  session = await createTestSession({ cwd: folder.path, interactive: true, askHandler, allow: options.allow });
  const client = clientFor(server);
  const callModel: CallModel = (params, signal) => streamMessage({ client, params, signal, env: {}, random: () => 0, sleep: async () => {} });
  const system = [{ type: "text" as const, text: "You are a test." }];
  const model: ModelAccess = {
    callModel,
    model: TEST_MODEL,
    smallModel: TEST_MODEL,
    resolveModel: (name: string) => (name === "opus" ? "claude-opus-5-5" : name),
    maxOutputTokens: () => 1024,
    accounting: createRunAccounting(),
  };
  controller = new TerminalController({
    cwd: folder.path,
    transcript: new TerminalTranscript(folder.path, { id: crypto.randomUUID(), writer: undefined }, () => {}),
    history: openPromptHistory(folder.path, join(folder.path, "history.jsonl")),
    pastes: createPastedTexts(),
    style: createStyle(false),
  });
  controller.attach({ session, conversation: createConversation({ session, model, system, ready: options.ready }) });
  controller.runCommand = runSlashCommand;
  if (options.answer !== undefined) {
    const answer = options.answer;
    controller.store.subscribe(() => {
      if (controller.store.get().question !== undefined) queueMicrotask(() => controller.answerQuestion(answer));
    });
  }
}

const state = (): TerminalState => controller.store.get();
const kinds = () => state().items.map((item) => item.kind);
const itemsOf = <Kind extends ScreenItem["kind"]>(kind: Kind) => state().items.filter((item): item is Extract<ScreenItem, { kind: Kind }> => item.kind === kind);
const lastMessages = (index: number) => (server.requests[index]?.body as { messages: MessageParam[] }).messages;

describe("the controller", () => {
  test("a prompt runs a turn: the person's message, the answer, the cost", async () => {
    await setUp();
    server.push(textTurn("Hello back.", { input_tokens: 100, output_tokens: 20 }));
    await controller.submit("hello");
    expect(kinds()).toEqual(["user", "assistant"]);
    expect(itemsOf("assistant")[0]?.text).toBe("Hello back.");
    expect(state().busy).toBeUndefined();
    expect(state().status.contextTokens).toBe(120);
    expect(state().status.costUsd).toBeGreaterThan(0);
  });

  test("a call that asks is shown as a question; 'always' adds the rule to the session and saves it", async () => {
    await setUp({ answer: "always" });
    server.push(turn([{ type: "tool_use", name: "Bash", input: { command: "touch one.txt" } }]), textTurn("Done."));
    await controller.submit("make one.txt");
    expect(existsSync(join(folder.path, "one.txt"))).toBe(true);
    expect(session.permissionContext().rules.some((rule) => rule.toolName === "Bash" && rule.ruleContent === "touch one.txt")).toBe(true);
    const call = itemsOf("tool")[0]?.call;
    expect(call).toMatchObject({ title: "Bash", summary: "touch one.txt", status: "done" });
  });

  test("'instead' refuses the call, ends the turn after its result, and asks for the instruction", async () => {
    await setUp({ answer: "instead" });
    server.push(turn([{ type: "tool_use", name: "Bash", input: { command: "touch two.txt" } }]), textTurn("never sent"));
    await controller.submit("make two.txt");
    expect(existsSync(join(folder.path, "two.txt"))).toBe(false);
    expect(server.requestCount).toBe(1);
    expect(state().placeholder).toBe("Tell the model what to do instead");
    expect(itemsOf("tool")[0]?.call.status).toBe("error");
    expect(itemsOf("notice").at(-1)?.text).toContain("Interrupted");
  });

  test("interrupt stops a stalled answer; what was typed meanwhile is sent next", async () => {
    await setUp();
    server.push(cutTurn([{ type: "text", text: "A story that stalls" }], 5, "stall"), textTurn("Queued answer."));
    const running = controller.submit("tell a story");
    await waitFor(() => state().streaming.includes("A story") || itemsOf("assistant").length > 0);
    await controller.submit("then this");
    expect(state().queued).toEqual(["then this"]);
    expect(controller.interrupt()).toBe(true);
    await running;
    expect(itemsOf("assistant").at(-1)?.text).toBe("Queued answer.");
    // The cut answer is not kept; the two messages go as one.
    expect(lastMessages(1)).toHaveLength(1);
    expect(JSON.stringify(lastMessages(1))).toContain("tell a story");
    expect(JSON.stringify(lastMessages(1))).toContain("then this");
  });

  test("a message interrupted while it waits for MCP servers never reached the model: the notice says so, and a !command's output goes with the next", async () => {
    let release = () => {};
    await setUp({ ready: new Promise<void>((resolve) => (release = resolve)) });
    await controller.submit("!echo from-the-shell");
    const waiting = controller.submit("never sent");
    await waitFor(() => state().busy !== undefined);
    expect(controller.interrupt()).toBe(true);
    await waiting;
    expect(itemsOf("notice").at(-1)?.text).toBe("Interrupted before the message reached the model. Press ↑ to bring it back.");
    expect(server.requestCount).toBe(0);
    release();
    server.push(textTurn("Seen."));
    await controller.submit("what did it say?");
    const sent = JSON.stringify(lastMessages(0));
    expect(lastMessages(0)).toHaveLength(1);
    expect(sent).toContain("from-the-shell");
    expect(sent).not.toContain("never sent");
  });

  test("Shift+Tab cycles default, acceptEdits and plan; /model changes the model of the next request", async () => {
    await setUp();
    const modes = [controller.mode()];
    for (let press = 0; press < 3; press++) {
      controller.cycleMode();
      modes.push(controller.mode());
    }
    expect(modes).toEqual(["default", "acceptEdits", "plan", "default"]);
    server.push(textTurn("From opus."));
    await controller.submit("/model opus");
    expect(state().status.model).toBe("claude-opus-5-5");
    await controller.submit("hi");
    expect((server.requests[0]?.body as { model: string }).model).toBe("claude-opus-5-5");
  });

  test("!command output goes to the model with the next message; Ctrl-C twice leaves", async () => {
    await setUp();
    await controller.submit("!echo from-the-shell");
    expect(itemsOf("shell")[0]).toMatchObject({ command: "echo from-the-shell", output: ["from-the-shell"], status: "Exit status 0" });
    server.push(textTurn("Seen."));
    await controller.submit("what did it say?");
    const content = lastMessages(0)[0]?.content;
    expect(JSON.stringify(content)).toContain("from-the-shell");
    controller.pressCtrlC();
    expect(state().hint).toBe("Press Ctrl-C again to exit");
    expect(state().exiting).toBe(false);
    controller.pressCtrlC();
    expect(state().exiting).toBe(true);
  });

  test("/compact puts the model's summary in place of the conversation; /clear empties it", async () => {
    await setUp();
    server.push(textTurn("First answer."), textTurn("The summary."), textTurn("After."));
    await controller.submit("first");
    await controller.submit("/compact");
    expect(controller.conversation.messages).toHaveLength(1);
    expect(JSON.stringify(controller.conversation.messages[0])).toContain("The summary.");
    await controller.submit("next");
    expect(lastMessages(2)).toHaveLength(1);
    expect(JSON.stringify(lastMessages(2))).toContain("The summary.");
    expect(JSON.stringify(lastMessages(2))).not.toContain("First answer.");
    const generation = state().generation;
    await controller.submit("/clear");
    expect(controller.conversation.messages).toHaveLength(0);
    expect(state().generation).toBe(generation + 1);
    expect(stripAnsi(itemsOf("notice").at(-1)?.text ?? "")).toBe("Started a new conversation.");
  });

  test("the model's own questions: a list per question, ticks when several may be chosen, or the person's own words", async () => {
    await setUp({ allow: ["AskUserQuestion"] });
    const questions = [
      { question: "Which colour?", header: "Colour", options: [{ label: "Red", description: "warm" }, { label: "Blue", description: "cool" }], multiSelect: false },
      { question: "Which sizes?", header: "Sizes", options: [{ label: "S", description: "" }, { label: "M", description: "" }, { label: "L", description: "" }], multiSelect: true },
      { question: "Which name?", header: "Name", options: [{ label: "Ada", description: "" }, { label: "Bob", description: "" }], multiSelect: false },
    ];
    server.push(turn([{ type: "tool_use", id: "toolu_q", name: "AskUserQuestion", input: { questions } }]), textTurn("Thanks."));
    const seen: string[] = [];
    let typed = false;
    controller.store.subscribe(() => {
      // The own-words answer is asked for in the input: it shows as the placeholder.
      if (!typed && state().placeholder === "Your answer to: Which name?") {
        typed = true;
        queueMicrotask(() => void controller.submit("Grace"));
      }
      const picker = state().picker;
      if (picker === undefined || seen.includes(picker.id)) return;
      seen.push(picker.id);
      queueMicrotask(() => {
        if (picker.title.startsWith("Colour")) controller.choosePicker(1);
        else if (picker.title.startsWith("Sizes")) {
          controller.togglePicker();
          controller.movePicker(2);
          controller.togglePicker();
          controller.choosePicker();
        } else {
          expect(picker.options.at(-1)?.label).toBe(OWN_WORDS);
          controller.choosePicker(picker.options.length - 1);
        }
      });
    });
    await controller.submit("ask me");
    const result = JSON.stringify(lastMessages(1));
    expect(result).toContain('\\"Which colour?\\" = \\"Blue\\"');
    expect(result).toContain('\\"Which sizes?\\" = \\"S, L\\"');
    expect(result).toContain('\\"Which name?\\" = \\"Grace\\"');
    expect(itemsOf("assistant").at(-1)?.text).toBe("Thanks.");
  });

  test("an unknown command says so; a failed request is a notice, and the session goes on", async () => {
    await setUp();
    await controller.submit("/nope");
    expect(itemsOf("notice").at(-1)).toMatchObject({ level: "error", text: "There is no command /nope. /help lists the commands." });
    await controller.submit("hello");
    expect(itemsOf("notice").at(-1)?.level).toBe("error");
    expect(state().busy).toBeUndefined();
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("the state did not change in time");
    await Bun.sleep(5);
  }
}
