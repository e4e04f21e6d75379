/**
 * AskUserQuestion: puts the model's questions, each with its choices, to the person through the
 * session's ask handler, and returns the answers. With nobody at a terminal it is an error that
 * says so, and the run goes on.
 */
import type * as Z from "zod/mini";
import { z } from "../../schema/zod.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { askHandlerService, type QuestionAnswers } from "../../permissions/askHandler.ts";
import { buildTool } from "../../Tool.ts";
import { ASK_USER_QUESTION_TOOL_NAME, DESCRIPTION, MAX_HEADER_CHARS, MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, renderPrompt } from "./prompt.ts";

const nonEmpty = (what: string) => z.string().check(z.trim(), z.minLength(1, `${what} cannot be empty`));

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  questions: z.array(z.strictObject({
    question: nonEmpty("a question").check(z.maxLength(1000), z.describe("The question, ending with a question mark")),
    header: nonEmpty("a header").check(z.maxLength(MAX_HEADER_CHARS, `a header may be at most ${MAX_HEADER_CHARS} characters`), z.describe(`A short label (at most ${MAX_HEADER_CHARS} characters)`)),
    options: z.array(z.strictObject({
      label: nonEmpty("a label").check(z.maxLength(200), z.describe("The choice, in a few words")),
      description: z.string().check(z.maxLength(1000), z.describe("What the choice means or implies")),
    })).check(z.minLength(MIN_OPTIONS, `each question needs at least ${MIN_OPTIONS} options`), z.maxLength(MAX_OPTIONS, `each question may have at most ${MAX_OPTIONS} options`)),
    multiSelect: z._default(z.boolean(), false).check(z.describe("Whether several options may be chosen")),
  })).check(z.minLength(1, "ask at least one question"), z.maxLength(MAX_QUESTIONS, `ask at most ${MAX_QUESTIONS} questions at once`)),
});

type AskInput = Z.infer<ReturnType<typeof inputSchema>>;

export interface AskUserQuestionOutput {
  questions: AskInput["questions"];
  answers: QuestionAnswers;
}

export const NO_ONE_TO_ANSWER = "Nobody can answer: this run has no person at a terminal (it is non-interactive). " +
  "Decide yourself with your best judgement, go on, and say in your final answer which choice you made and why.";

export const AskUserQuestionTool = buildTool({
  name: ASK_USER_QUESTION_TOOL_NAME,
  searchHint: "ask the user a question choices preference clarify",
  inputSchema,
  maxResultSizeChars: 20_000,
  tags: ["mainAgentOnly"],
  isReadOnly: () => true,
  // The question is itself the asking; there is nothing to approve first.
  checkPermissions: async () => ({ behavior: "allow", reason: "a question to the person changes nothing" }),
  interruptBehavior: () => "cancel",
  getToolUseSummary: (input) => input?.questions?.map((question) => question.header).join(", ") ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input) {
    const texts = new Set<string>();
    for (const question of input.questions) {
      if (texts.has(question.question)) return { result: false, message: `The question "${question.question}" is asked twice; ask each once.` };
      texts.add(question.question);
      const labels = new Set<string>();
      for (const option of question.options) {
        if (labels.has(option.label)) return { result: false, message: `The question "${question.question}" offers "${option.label}" twice; give each option its own label.` };
        labels.add(option.label);
      }
    }
    return { result: true };
  },
  async call(input, { context, signal }) {
    const handler = context.services.use(askHandlerService);
    if (context.options.isNonInteractive || handler.answerQuestions === undefined) throw new ToolError(NO_ONE_TO_ANSWER);
    const answers = await handler.answerQuestions({ questions: input.questions, signal });
    if (signal.aborted) throw new ToolError("The question was interrupted before the person answered.");
    if (answers === undefined) throw new ToolError("The person chose not to answer. Go on without their answer, or ask in your reply what you need to know.");
    return { data: { questions: input.questions, answers } };
  },
  mapToolResultToToolResultBlockParam(output: AskUserQuestionOutput, toolUseId) {
    const lines = output.questions.map((question) => `"${question.question}" = "${output.answers[question.question] ?? "(no answer)"}"`);
    return { type: "tool_result", tool_use_id: toolUseId, content: `The person answered: ${lines.join(", ")}. Go on with these answers in mind.` };
  },
});
