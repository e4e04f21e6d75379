/**
 * Asks at the terminal: shows the tool, its input and the reason, and reads yes / no / always;
 * puts the model's questions with numbered choices and reads a number (or several) or the
 * person's own words.
 */
import { printableText } from "../text/printableText.ts";
import type { AskAnswer, AskHandler, AskRequest, PersonQuestion, QuestionAnswers } from "./askHandler.ts";
import { nextTerminalLine } from "./terminalLines.ts";
import type { DeclaredSubject } from "./types.ts";

const ANSWERS: Record<string, AskAnswer> = { y: "yes", yes: "yes", n: "no", no: "no", a: "always", always: "always" };

/** What a call touches, as the question shows it: the command itself, not only its description. */
function subjectLines(request: AskRequest): string[] {
  let subjects: readonly DeclaredSubject[] = [];
  try {
    subjects = request.tool.permissionSubjects(request.input);
  } catch {
    // A tool that cannot say what it touches: its input is shown instead.
  }
  return subjects.map((subject) => {
    switch (subject.kind) {
      case "shell":
        return `command: ${subject.command}`;
      case "path":
        return `${subject.access}: ${subject.path}`;
      case "url":
        return `fetch: ${subject.url}`;
      case "named":
        return `uses: ${subject.name}`;
    }
  });
}

/** The question: the call's summary, what it touches, and the reason; control characters shown, never obeyed. */
export function formatQuestion(request: AskRequest): string {
  const { tool, input, decision } = request;
  const summary = tool.getToolUseSummary?.(input) ?? undefined;
  const touches = subjectLines(request);
  const lines = [...(summary === undefined || touches.some((line) => line.endsWith(`: ${summary}`)) ? [] : [summary]), ...touches];
  const shown = lines.length === 0 ? JSON.stringify(input, null, 2) : lines.join("\n");
  return printableText(`${tool.userFacingName(input)} wants to run:\n  ${shown.split("\n").join("\n  ")}\nReason: ${decision.reason}\n`);
}

/** The text of one question the model asks, with its numbered choices. */
export function formatPersonQuestion(question: PersonQuestion): string {
  const choices = question.options.map((option, index) => `  ${index + 1}. ${option.label}${option.description === "" ? "" : ` - ${option.description}`}`);
  choices.push(`  ${question.options.length + 1}. Something else (type your answer)`);
  return printableText(`[${question.header}] ${question.question}\n${choices.join("\n")}\n`);
}

/** A typed line as the chosen labels, or the person's own words; undefined for an empty line. */
export function readChoice(line: string, question: PersonQuestion): { answer: string } | { problem: string } | undefined {
  const text = line.trim();
  if (text === "") return undefined;
  const numbers = text.split(/[\s,]+/);
  if (!numbers.every((item) => /^\d+$/.test(item))) return { answer: text };
  const picked = numbers.map(Number);
  const count = question.options.length;
  if (picked.some((number) => number < 1 || number > count + 1)) return { problem: `Please choose a number from 1 to ${count + 1}.` };
  if (picked.includes(count + 1)) return { problem: "Type your answer in your own words." };
  if (picked.length > 1 && !question.multiSelect) return { problem: "Please choose one." };
  return { answer: [...new Set(picked)].map((number) => question.options[number - 1]?.label).join(", ") };
}

/** An ask handler reading answers from `input` and writing questions to `output`. */
export function createTerminalAskHandler(input?: NodeJS.ReadableStream, output?: NodeJS.WritableStream): AskHandler {
  // The process streams are touched only when a question is asked: they cost start-up time.
  const writer = () => output ?? process.stderr;
  // One question at a time: calls asking at once (parallel sub-agents) wait their turn, so a typed
  // answer always belongs to the question on the screen.
  let turn: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(ask: () => Promise<T>): Promise<T> => {
    const next = turn.then(ask, ask);
    turn = next.catch(() => undefined);
    return next;
  };

  // One line reader per input for the process (terminalLines.ts), shared with the trust question,
  // so answers typed ahead are not lost between questions. Undefined: the input closed or Ctrl-C.
  const nextLine = (signal: AbortSignal | undefined) => nextTerminalLine(input ?? process.stdin, signal);

  return {
    interactive: true,
    ask: (request) => oneAtATime(async (): Promise<AskAnswer> => {
      if (request.signal?.aborted) return "no";
      writer().write(formatQuestion(request));
      // An answer that holds for this call only offers no "always".
      const once = request.decision.answerHoldsOnce === true;
      for (;;) {
        writer().write(once ? "Allow this once? [y]es / [n]o: " : "Allow? [y]es / [n]o / [a]lways: ");
        // Ctrl-C while the question is open answers no and lets go of standard input; a closed input: nobody is there to say yes.
        const line = await nextLine(request.signal);
        if (line === undefined) return "no";
        const answer = ANSWERS[line.trim().toLowerCase()];
        if (answer !== undefined && !(once && answer === "always")) return answer;
        writer().write(once ? "Please answer y or n.\n" : "Please answer y, n or a.\n");
      }
    }),
    answerQuestions: ({ questions, signal }) => oneAtATime(async (): Promise<QuestionAnswers | undefined> => {
      const answers: QuestionAnswers = {};
      for (const question of questions) {
        if (signal?.aborted) return undefined;
        writer().write(formatPersonQuestion(question));
        for (;;) {
          writer().write(question.multiSelect ? "Your choice (numbers, with commas for several, or your own words): " : "Your choice (a number, or your own words): ");
          const line = await nextLine(signal);
          if (line === undefined) return undefined;
          const choice = readChoice(line, question);
          if (choice === undefined) continue;
          if ("problem" in choice) {
            writer().write(`${choice.problem}\n`);
            continue;
          }
          answers[question.question] = choice.answer;
          break;
        }
      }
      return answers;
    }),
  };
}
