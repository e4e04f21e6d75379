/**
 * The model's own questions (AskUserQuestion), put to the person on the screen: each as a list of
 * its choices (ticks when several may be chosen) with a last entry for answering in their own
 * words, which then come from the input. Escape on a list means they chose not to answer.
 */
import type { QuestionAnswers, QuestionsRequest } from "../permissions/askHandler.ts";
import type { TerminalController } from "./TerminalController.ts";

/** The last entry of every question's list. */
export const OWN_WORDS = "Something else (type it)";

/** The answers by question, or undefined when the person chose not to answer (or the call was stopped). */
export async function answerModelQuestions(controller: TerminalController, request: QuestionsRequest): Promise<QuestionAnswers | undefined> {
  const answers: QuestionAnswers = {};
  for (const question of request.questions) {
    if (request.signal?.aborted) return undefined;
    const options = [...question.options.map((option) => ({ label: option.label, detail: option.description })), { label: OWN_WORDS }];
    const title = `${question.header}: ${question.question}`;
    const chosen = question.multiSelect ? await controller.pickMany(title, options) : await controller.pick(title, options).then((index) => (index === undefined ? undefined : [index]));
    if (chosen === undefined || request.signal?.aborted) return undefined;
    const labels = chosen.filter((index) => index < question.options.length).map((index) => question.options[index]?.label ?? "");
    if (chosen.includes(question.options.length)) {
      const typed = await controller.takeTypedAnswer(`Your answer to: ${question.question}`, request.signal);
      if (typed === undefined) return undefined;
      labels.push(typed);
    }
    answers[question.question] = labels.join(", ");
  }
  return answers;
}
