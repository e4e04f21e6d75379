/** How a permission question reaches a person, or is refused when nobody can answer. */
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

export interface AskHandler {
  readonly interactive: boolean;
  ask(request: AskRequest): Promise<AskAnswer>;
}

/** For runs with no person at a terminal: every question is answered no. */
export const nonInteractiveAskHandler: AskHandler = {
  interactive: false,
  ask: async () => "no",
};
