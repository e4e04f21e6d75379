/**
 * Turns an analyzed shell command into subjects: one per command part, one per path it reads or
 * writes (redirects, read-only commands' files, simple file commands' targets), and every other
 * literal argument as a mentioned path, so Read and Edit deny rules hold against any command.
 */
import { allowForm, joinWords } from "../shell/commandForms.ts";
import { classifyFileCommand } from "../shell/fileCommand.ts";
import { classifyReadOnly } from "../shell/readOnlyCommand.ts";
import type { ShellAnalysis, ShellCommandPart, ShellWord } from "../shell/types.ts";
import type { PathSubject, Subject } from "./subjects.ts";

function pathSubject(part: ShellCommandPart, word: ShellWord, access: "read" | "write", extra: Partial<PathSubject> = {}): PathSubject {
  const verb = access === "read" ? "reads" : "writes";
  return { kind: "path", access, word, cwd: part.cwd, label: `${part.source} (${verb} ${word.value})`, fromTool: false, ...extra };
}

/** Every subject of a shell command, in the order they appear. */
export function shellSubjects(analysis: ShellAnalysis): Subject[] {
  const subjects: Subject[] = [];
  for (const part of analysis.parts) {
    subjects.push({ kind: "command", part });
    const words = allowForm(part).words;
    const judged = new Set<ShellWord>();
    const readOnly = classifyReadOnly(words);
    if (readOnly.readOnly) {
      for (const word of readOnly.paths) {
        judged.add(word);
        subjects.push(pathSubject(part, word, "read"));
      }
    } else {
      const fileCommand = classifyFileCommand(words);
      if ("paths" in fileCommand) {
        for (const word of fileCommand.paths) {
          judged.add(word);
          subjects.push(pathSubject(part, word, "write", { removal: fileCommand.removal }));
        }
      }
    }
    // Any other literal argument may be a file the command reads or changes.
    for (const word of part.words.slice(1)) {
      if (judged.has(word) || !word.literal || word.value === "") continue;
      const value = word.value.startsWith("-") ? word.value.slice(word.value.indexOf("=") + 1) : word.value;
      if (value === "" || value.startsWith("-")) continue;
      subjects.push(pathSubject(part, { ...word, value }, "read", { mentionedOnly: true }));
    }
  }
  for (const redirect of analysis.redirects) {
    if (redirect.access === "write" && redirect.target.literal && redirect.target.value === "/dev/null") continue;
    subjects.push({
      kind: "path",
      access: redirect.access,
      word: redirect.target,
      cwd: redirect.cwd,
      label: `${redirect.operator} ${redirect.target.value}`,
      fromTool: false,
    });
  }
  return subjects;
}

/** The rule text users would add to allow one part: `Bash(git status)`. */
export function suggestCommandRule(part: ShellCommandPart): string {
  return `Bash(${joinWords(allowForm(part).words)})`;
}
