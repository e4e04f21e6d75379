/** AskUserQuestion: questions put to the person at a terminal, refused clearly when nobody is there. */
import { afterEach, describe, expect, test } from "bun:test";
import { PassThrough } from "node:stream";
import { createTerminalAskHandler, readChoice } from "../../../src/permissions/terminalAskHandler.ts";
import { NO_ONE_TO_ANSWER } from "../../../src/tools/AskUserQuestionTool/AskUserQuestionTool.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { textTurn, turn } from "../../helpers/messagesApiServer.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

let folder: TemporaryFolder | undefined;
let kit: LoopKit | undefined;
afterEach(async () => {
  folder?.remove();
  folder = undefined;
  await kit?.close();
  kit = undefined;
});

const database = {
  question: "Which database should the service use?",
  header: "Database",
  options: [{ label: "Postgres (Recommended)", description: "What the other services use" }, { label: "SQLite", description: "One file, no server" }],
  multiSelect: false,
};
const features = {
  question: "Which features should ship first?",
  header: "Features",
  options: [{ label: "Login", description: "" }, { label: "Search", description: "" }, { label: "Export", description: "" }],
  multiSelect: true,
};

/** A session whose person types `typed` at the terminal. */
async function withTerminal(typed: string) {
  folder = createTemporaryFolder("toolshed-ask-");
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk) => (shown += chunk.toString()));
  input.end(typed);
  const context = await createTestContext({ cwd: folder.path, askHandler: createTerminalAskHandler(input, output), interactive: true });
  return { context, shown: () => shown };
}

describe("AskUserQuestion at a terminal", () => {
  test("shows each question with numbered choices and returns the picked labels", async () => {
    const { context, shown } = await withTerminal("1\n1, 3\n");
    const outcome = await callTool(context, "AskUserQuestion", { questions: [database, features] });
    expect(outcome.result.is_error).toBeUndefined();
    expect(outcome.output).toMatchObject({ answers: { [database.question]: "Postgres (Recommended)", [features.question]: "Login, Export" } });
    expect(outcome.text).toBe(`The person answered: "${database.question}" = "Postgres (Recommended)", "${features.question}" = "Login, Export". Go on with these answers in mind.`);
    expect(shown()).toContain("[Database] Which database should the service use?\n  1. Postgres (Recommended) - What the other services use\n  2. SQLite - One file, no server\n  3. Something else (type your answer)");
  });

  test("the person may answer in their own words; a wrong number is asked again; a closed input is no answer", async () => {
    const own = await withTerminal("9\nMySQL, as the old one did\n");
    const outcome = await callTool(own.context, "AskUserQuestion", { questions: [database] });
    expect(outcome.output).toMatchObject({ answers: { [database.question]: "MySQL, as the old one did" } });
    expect(own.shown()).toContain("Please choose a number from 1 to 3.");
    folder?.remove();
    const closed = await withTerminal("");
    const none = await callTool(closed.context, "AskUserQuestion", { questions: [database] });
    expect(none.result.is_error).toBe(true);
    expect(none.text).toContain("The person chose not to answer.");
  });

  test("readChoice: one choice where only one is allowed, several where multiSelect", () => {
    expect(readChoice("1,2", database)).toEqual({ problem: "Please choose one." });
    expect(readChoice("2 3", features)).toEqual({ answer: "Search, Export" });
    expect(readChoice("3", database)).toEqual({ problem: "Type your answer in your own words." });
    expect(readChoice("   ", database)).toBeUndefined();
  });
});

describe("AskUserQuestion's checks", () => {
  test("1-4 questions, 2-4 options, a short header, no question or option twice", async () => {
    folder = createTemporaryFolder("toolshed-ask-");
    const context = await createTestContext({ cwd: folder.path });
    const cases: [unknown, string][] = [
      [{ questions: [] }, "ask at least one question"],
      [{ questions: [database, features, { ...database, question: "a?" }, { ...database, question: "b?" }, { ...database, question: "c?" }] }, "ask at most 4 questions"],
      [{ questions: [{ ...database, options: [database.options[0]] }] }, "at least 2 options"],
      [{ questions: [{ ...database, header: "A header that is too long" }] }, "at most 12 characters"],
      [{ questions: [database, database] }, "is asked twice"],
      [{ questions: [{ ...database, options: [database.options[0], database.options[0]] }] }, 'offers "Postgres (Recommended)" twice'],
    ];
    for (const [input, message] of cases) {
      const outcome = await callTool(context, "AskUserQuestion", input);
      expect(outcome.result.is_error).toBe(true);
      expect(outcome.text).toContain(message);
    }
  });
});

describe("AskUserQuestion with nobody there", () => {
  test("through the loop: an error result saying no one can answer, and the run goes on", async () => {
    kit = await createLoopKit();
    kit.server.push(turn([{ type: "tool_use", id: "q", name: "AskUserQuestion", input: { questions: [database] } }]), textTurn("I chose Postgres."));
    const { result } = await kit.run("set up the service");
    expect(result).toMatchObject({ subtype: "success", result: "I chose Postgres." });
    const sent = (kit.server.requests[1]?.body as { messages: { content: { type: string; is_error?: boolean; content?: unknown }[] }[] }).messages.at(-1)?.content[0];
    expect(sent).toMatchObject({ type: "tool_result", is_error: true });
    expect(JSON.stringify(sent?.content)).toContain(NO_ONE_TO_ANSWER.slice(0, 40));
    // It is not a permission refusal: nothing was denied.
    expect(result.permission_denials).toEqual([]);
  });
});
