/**
 * What a part writes to the next part of a pipeline, when the command line shows it: `echo rm x |
 * sh` feeds `rm x` to the shell, `cat <<EOF | sh` feeds the here-document. Anything else is an
 * input the analysis cannot know.
 */
import { gnuProgramName } from "./gnuProgramNames.ts";
import { literalWord } from "./programs/effects.ts";
import { fdSource } from "./programs/launcherEffects.ts";
import { findSource } from "./programs/wrapperEffects.ts";
import type { ShellCommandPart, ShellInput } from "./types.ts";

/** The standard input the next part of a pipeline gets from `part`. */
export function outputOf(part: ShellCommandPart | undefined): ShellInput {
  if (part === undefined) return { from: "an earlier command" };
  const words = part.words;
  const name = words[0]?.value ?? "";
  const from = `the output of ${name || "a command"}`;
  // A part find -exec or xargs fills in (`find . -exec find {} -print0 \\;`) prints what only its run knows.
  if (words.some((word) => !word.literal) || part.filledIn !== undefined) return { from };
  if (name === "echo") {
    const args = words.slice(1);
    const noNewline = args[0]?.value === "-n";
    const text = args.slice(noNewline ? 1 : 0).map((word) => word.value);
    // echo -e and friends decode escapes: only plain text is followed.
    if (text[0]?.startsWith("-") || text.some((value) => value.includes("\\"))) return { from };
    return { text: `${text.join(" ")}${noNewline ? "" : "\n"}`, from };
  }
  if (name === "printf") {
    const format = words[1]?.value;
    if (format === undefined || words.length > 2 || format.startsWith("-") || /%/.test(format.replace(/%%/g, ""))) return { from };
    const text = format.replace(/%%/g, "%").replace(/\\n/g, "\n").replace(/\\t/g, "\t");
    return text.includes("\\") ? { from } : { text, from };
  }
  if (name === "cat" && words.length === 1 && part.stdin !== undefined) return { ...part.stdin, from: part.stdin.from };
  const paths = printedPaths(part);
  return paths === undefined ? { from } : { from, paths };
}

/**
 * Where the files lie whose names a search prints, NUL-separated, when that is all it prints:
 * `find -print0`, `fd -0`, `git ls-files -z`. (Names printed one per line are split again by xargs
 * at blanks and quotes: a file called `x .env y.ts` would hand xargs `.env`.)
 */
function printedPaths(part: ShellCommandPart): ShellInput["paths"] {
  const words = part.words;
  const name = gnuProgramName(words[0]?.value.slice((words[0]?.value.lastIndexOf("/") ?? -1) + 1) ?? "");
  const values = words.slice(1).map((word) => word.value);
  if (name === "find") {
    if (!values.includes("-print0") || values.some((value) => /^-(?:exec|execdir|ok|okdir|printf|fprint|fprint0|fprintf|fls|ls|delete|print)$/.test(value))) return undefined;
    return { ...findSource(words), cwd: part.cwd };
  }
  if (name === "fd" || name === "fdfind") {
    if (!values.some((value) => /^-[A-Za-z]*0/.test(value) || value === "--print0")) return undefined;
    if (values.some((value) => /^-[A-Za-z]*[xXl]|^--(?:exec|exec-batch|list-details|format)/.test(value))) return undefined;
    const source = fdSource(words);
    return source === undefined ? undefined : { ...source, cwd: part.cwd };
  }
  if (name === "git" && values[0] === "ls-files" && values.includes("-z") && values.slice(1).every((value) => value === "--cached" || value === "-c" || value === "-z")) {
    return { folders: [literalWord(".")], spares: { untracked: true }, cwd: part.cwd };
  }
  return undefined;
}
