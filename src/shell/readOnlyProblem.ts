/** Why an analyzed command is not read-only, or undefined when every part only reads. */
import { allowForm } from "./commandForms.ts";
import { classifyReadOnly } from "./readOnlyCommand.ts";
import type { ShellAnalysis, ShellCommandPart } from "./types.ts";

/** The first reason the command may have side effects; undefined when it only reads. */
export function readOnlyProblem(analysis: ShellAnalysis): string | undefined {
  if (analysis.problems.length > 0) return analysis.problems[0];
  if (analysis.parts.length === 0) return "the command is empty";
  const write = analysis.redirects.find((redirect) => redirect.access === "write" && redirect.target.value !== "/dev/null");
  if (write !== undefined) return `the redirection ${write.operator} ${write.target.value} writes a file`;
  for (const part of analysis.parts) {
    const problem = partReadOnlyProblem(part);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The first reason one part of a command may have side effects; undefined when it only reads. */
export function partReadOnlyProblem(part: ShellCommandPart): string | undefined {
  if (part.problems.length > 0) return part.problems[0];
  // What the program catalogue found: code it cannot read, or files it writes.
  if ((part.unknownCode ?? []).length > 0) return part.unknownCode?.[0];
  const write = (part.touches ?? []).find((touch) => touch.access === "write");
  if (write !== undefined) return `${part.source} writes ${write.word.value}`;
  const form = allowForm(part);
  if (form.unsafeAssignment !== undefined) return `the variable ${form.unsafeAssignment} can change what the command does`;
  if (form.viaXargs) return "xargs takes the arguments from its input, so what it reads is not known";
  const verdict = classifyReadOnly(form.words);
  return verdict.readOnly ? undefined : verdict.reason;
}
