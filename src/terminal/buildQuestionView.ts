/**
 * A permission question as the person sees it, made from what the call declares: the commands it
 * runs, the files it writes (with a diff when the tool can preview its change), the addresses it
 * fetches; the engine's reason; and the three answers, the second naming the rules it would save.
 * Everything the model or a file wrote has its control characters shown, not obeyed, before any
 * styling: an escape sequence in a command cannot hide or repaint what the person approves.
 */
import type { AskRequest } from "../permissions/askHandler.ts";
import type { DeclaredSubject, PermissionDecision } from "../permissions/types.ts";
import { printableText } from "../text/printableText.ts";
import { renderDiff } from "./renderDiff.ts";
import type { Style } from "./style.ts";
import { compactInput } from "./summarizeToolResult.ts";
import { nextItemId, type QuestionOption, type QuestionView } from "./terminalState.ts";

/** The rules answering "don't ask again" saves: the decision's suggestions (none when no rule could allow it). */
export function rulesToSave(decision: PermissionDecision): string[] {
  if (decision.suggestedRules !== undefined) return decision.suggestedRules;
  return decision.suggestedRule === undefined ? [] : [decision.suggestedRule];
}

/** The answers, in order: 1 yes, 2 yes and save the rules (when there are any and an answer may be saved), 3 no and say what to do instead. */
export function questionOptions(decision: PermissionDecision): QuestionOption[] {
  const rules = decision.answerHoldsOnce ? [] : rulesToSave(decision);
  return [
    { label: "Yes", answer: "yes" },
    // The rules quote the call's paths and commands: the person sees exactly what would be saved.
    ...(rules.length > 0 ? [{ label: printableText(`Yes, and don't ask again for ${rules.join(", ")}`), answer: "always" as const }] : []),
    { label: "No, and tell the model what to do instead", answer: "instead" },
  ];
}

function headingFor(subjects: readonly DeclaredSubject[], name: string, creates: boolean): string {
  if (subjects.some((subject) => subject.kind === "shell")) return `${name}: run a command`;
  if (subjects.some((subject) => subject.kind === "path" && subject.access === "write")) return creates ? `${name}: create a file` : `${name}: change a file`;
  if (subjects.some((subject) => subject.kind === "path")) return `${name}: read files`;
  if (subjects.some((subject) => subject.kind === "url")) return `${name}: fetch an address`;
  return `${name}: use this tool`;
}

function subjectLines(subject: DeclaredSubject): string[] {
  switch (subject.kind) {
    case "shell":
      return subject.command.split("\n");
    case "path":
      return [`${subject.path}${subject.recursive ? " (and everything in it)" : ""}`];
    case "url":
      return [subject.url];
    case "named":
      return [subject.name];
  }
}

/** The question for `request`; the diff is worked out here, before the question shows. */
export async function buildQuestionView(request: AskRequest, style: Style): Promise<QuestionView> {
  const { tool, input, decision } = request;
  const name = tool.userFacingName(input);
  let subjects: readonly DeclaredSubject[] = [];
  try {
    subjects = tool.permissionSubjects(input);
  } catch {
    // A tool whose declaration fails is shown by its input instead.
  }
  const change = await tool.previewChange?.(input).catch(() => undefined);
  const subject = subjects.length > 0 ? subjects.flatMap(subjectLines) : [`${tool.getToolUseSummary?.(input) ?? compactInput(input, 200)}`];
  // The call's own description (Bash's "description" field), not the tool's general one.
  const [description, general] = await Promise.all([
    tool.description(input, { isNonInteractive: false }).catch(() => ""),
    tool.description({}, { isNonInteractive: false }).catch(() => ""),
  ]);
  const shortDescription = printableText(description === general ? "" : (description.split("\n")[0] ?? ""));
  const shown = subject.map(printableText);
  return {
    id: nextItemId(),
    heading: printableText(headingFor(subjects, name, change !== undefined && change.before === undefined)),
    subject: shortDescription !== "" && shortDescription.length <= 120 && subjects.some((item) => item.kind === "shell")
      ? [...shown, style.dim(shortDescription)]
      : shown,
    diff: change === undefined ? undefined : renderDiff({ ...change, path: printableText(change.path), ...(change.before === undefined ? {} : { before: printableText(change.before) }), after: printableText(change.after) }, style),
    reason: printableText(decision.reason),
    options: questionOptions(decision),
  };
}
