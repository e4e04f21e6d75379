/**
 * The interactive terminal's ask handler: each permission question is shown in the terminal
 * (one at a time, in the order they came) and waits for the person's answer. An interrupt
 * (Escape, or the call being stopped) answers no at once. "Tell the model what to do instead"
 * answers no and lets the controller stop the turn, so the person can write what they want.
 */
import type { AskAnswer, AskHandler, AskRequest, QuestionAnswers, QuestionsRequest } from "../permissions/askHandler.ts";
import type { QuestionOption } from "./terminalState.ts";

/** Shows one question and resolves with the chosen answer; `signal` withdraws it. */
export type PresentQuestion = (request: AskRequest, signal: AbortSignal | undefined) => Promise<QuestionOption["answer"] | undefined>;

/** An AskHandler over `present` (and `answer`, for the model's own questions); `onInstead` runs when the person chose the third answer. */
export function createQuestionAskHandler(options: { present: PresentQuestion; onInstead: () => void; answer?: (request: QuestionsRequest) => Promise<QuestionAnswers | undefined> }): AskHandler {
  let queue: Promise<unknown> = Promise.resolve();
  const answer = options.answer;
  return {
    interactive: true,
    ...(answer === undefined ? {} : {
      answerQuestions(request: QuestionsRequest) {
        // In turn with the permission questions: one thing to answer at a time.
        const answered = queue.then(() => answer(request));
        queue = answered.catch(() => undefined);
        return answered;
      },
    }),
    ask(request) {
      const asked = queue.then(async (): Promise<AskAnswer> => {
        if (request.signal?.aborted) return "no";
        const answer = await options.present(request, request.signal);
        if (answer === "instead") {
          options.onInstead();
          return "no";
        }
        return answer ?? "no";
      });
      queue = asked.catch(() => undefined);
      return asked;
    },
  };
}
