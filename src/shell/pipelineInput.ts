/**
 * What a part writes to the next part of a pipeline, when the command line shows it: `echo rm x |
 * sh` feeds `rm x` to the shell, `cat <<EOF | sh` feeds the here-document. Anything else is an
 * input the analysis cannot know.
 */
import type { ShellCommandPart, ShellInput } from "./types.ts";

/** The standard input the next part of a pipeline gets from `part`. */
export function outputOf(part: ShellCommandPart | undefined): ShellInput {
  if (part === undefined) return { from: "an earlier command" };
  const words = part.words;
  const name = words[0]?.value ?? "";
  const from = `the output of ${name || "a command"}`;
  if (words.some((word) => !word.literal)) return { from };
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
  return { from };
}
