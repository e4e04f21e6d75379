/**
 * What the interactive terminal shows, as plain data: the finished items (printed once, above),
 * and the live part (the answer streaming in, the calls running, a question, the input's
 * surroundings and the status line). The controller changes it; the view only draws it.
 */
import type { AskAnswer } from "../permissions/askHandler.ts";
import type { PermissionMode } from "../permissions/types.ts";

/** One tool call as the screen shows it. */
export interface ToolCallView {
  id: string;
  /** The tool's name for people, with the call's summary (a command, a path) when it has one. */
  title: string;
  summary: string | null;
  status: "running" | "done" | "error";
  /** The latest lines of its progress (output as it comes). */
  progress: string[];
  /** A few lines of its result (or error). */
  result: string[];
  elapsedSeconds?: number;
}

/** Something finished, printed once above the live part. */
export type ScreenItem =
  | { kind: "user"; id: string; text: string }
  | { kind: "assistant"; id: string; text: string; continued: boolean }
  | { kind: "tool"; id: string; call: ToolCallView }
  | { kind: "notice"; id: string; level: "info" | "warning" | "error"; text: string }
  /** Text a slash command printed, shown as it is (already laid out). */
  | { kind: "output"; id: string; lines: string[] }
  | { kind: "shell"; id: string; command: string; output: string[]; status: string };

/** One choice of a permission question. */
export interface QuestionOption {
  label: string;
  answer: AskAnswer | "instead";
}

/** A permission question waiting for the person. */
export interface QuestionView {
  id: string;
  /** What asks: "Bash command", "Edit file", "<tool> call". */
  heading: string;
  /** The command, the path, or the call's input. */
  subject: string[];
  /** A diff of the change, for edits. */
  diff?: string[];
  reason: string;
  options: QuestionOption[];
}

/** A list to choose from (/model, /resume). */
export interface PickerView {
  id: string;
  title: string;
  options: { label: string; detail?: string }[];
  selected: number;
  /** Set when several entries may be chosen: which are ticked (Space ticks, Enter takes them). */
  checked?: boolean[];
}

export interface StatusView {
  model: string;
  mode: PermissionMode;
  /** Tokens the last request used of the model's window. */
  contextTokens: number;
  contextWindow: number;
  costUsd: number;
}

export interface TerminalState {
  items: ScreenItem[];
  /** Bumped when the screen is cleared (/clear, /resume): the finished items are printed anew. */
  generation: number;
  /** The answer streaming in, not yet printed above. */
  streaming: string;
  /** Whether `streaming` continues an answer whose start is already printed above. */
  streamingContinues: boolean;
  /** The calls of the current turn that have not finished. */
  tools: ToolCallView[];
  /** A shell command the person runs with `!`, while it runs. */
  shell?: { command: string; output: string[] };
  /** Set while a turn, a summary or a shell command runs: what it is doing. */
  busy?: string;
  question?: QuestionView;
  picker?: PickerView;
  /** Messages typed while a turn runs; each is sent when the one before has finished. */
  queued: string[];
  /** A short hint under the input ("Press Ctrl-C again to exit"). */
  hint?: string;
  /** What the empty input shows. */
  placeholder?: string;
  status: StatusView;
  /** Set when the person leaves; the view unmounts. */
  exiting: boolean;
}

/** The state of a new session. */
export function initialTerminalState(status: StatusView): TerminalState {
  return { items: [], generation: 0, streaming: "", streamingContinues: false, tools: [], queued: [], status, exiting: false };
}

let counter = 0;
/** A key for a screen item (unique in the process). */
export function nextItemId(): string {
  counter += 1;
  return `item-${counter}`;
}
