/** How a permission question (or a question the model asks) reaches a person, or is refused when nobody can answer. */
import { defineService } from "../session/serviceKey.ts";
import type { AnyTool } from "../Tool.ts";
import type { PermissionDecision } from "./types.ts";

export interface AskRequest {
  tool: AnyTool;
  input: { [key: string]: unknown };
  decision: PermissionDecision;
  /** Aborts the question (Ctrl-C): the handler answers no at once. */
  signal?: AbortSignal;
}

/** yes: run this once; no: refuse; always: run and remember an allow rule. */
export type AskAnswer = "yes" | "no" | "always";

/** One choice of a question the model asks the person. */
export interface QuestionOption {
  label: string;
  description: string;
}

/** A question the model asks the person, with the choices it offers (the person may also answer in their own words). */
export interface PersonQuestion {
  question: string;
  /** A short label for the question (at most 12 characters). */
  header: string;
  options: readonly QuestionOption[];
  /** Whether several choices may be picked. */
  multiSelect: boolean;
}

/** The person's answer to each question, by the question's text: the chosen labels joined with ", ", or their own words. */
export type QuestionAnswers = Record<string, string>;

export interface QuestionsRequest {
  questions: readonly PersonQuestion[];
  signal?: AbortSignal;
}

export interface AskHandler {
  readonly interactive: boolean;
  ask(request: AskRequest): Promise<AskAnswer>;
  /** Puts the model's questions to the person; undefined when they chose not to answer. Absent when nobody can answer. */
  answerQuestions?(request: QuestionsRequest): Promise<QuestionAnswers | undefined>;
}

/** For runs with no person at a terminal: every question is answered no. */
export const nonInteractiveAskHandler: AskHandler = {
  interactive: false,
  ask: async () => "no",
};

/** The session's ask handler, for tools that put questions to the person themselves. */
export const askHandlerService = defineService<AskHandler>({ name: "askHandler", create: () => nonInteractiveAskHandler });
