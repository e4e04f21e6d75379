/**
 * What a part writes to the next part of a pipeline, when the command line shows it: `echo rm x |
 * sh` feeds `rm x` to the shell, `cat <<EOF | sh` feeds the here-document. Anything else is an
 * input the analysis cannot know.
 */
import { exactProgramStarts } from "./commandForms.ts";
import { gnuProgramName } from "./gnuProgramNames.ts";
import { lsOutput } from "./lsOutput.ts";
import { literalWord } from "./programs/effects.ts";
import { fdSource } from "./programs/launcherEffects.ts";
import { findSource } from "./programs/wrapperEffects.ts";
import type { ShellCommandPart, ShellInput, ShellWord } from "./types.ts";

/** The standard input the next part of a pipeline gets from `part`. */
export function outputOf(part: ShellCommandPart | undefined): ShellInput {
  if (part === undefined) return { from: "an earlier command" };
  const words = part.words;
  const name = words[0]?.value ?? "";
  const from = `the output of ${name || "a command"}`;
  // A part find -exec or xargs fills in (`find . -exec find {} -print0 \\;`) prints what only its run knows.
  if (part.filledIn !== undefined) return { from };
  const paths = printedPaths(part);
  if (paths !== undefined) return { from, paths };
  if (words.some((word) => !word.literal)) return { from };
  if (name === "echo") {
    const args = words.slice(1);
    const noNewline = args[0]?.value === "-n";
    const text = args.slice(noNewline ? 1 : 0).map((word) => word.value);
    // echo -e and friends decode escapes: only plain text is followed.
    if (text[0]?.startsWith("-") || text.some((value) => value.includes("\\"))) return { from };
    return { text: `${text.join(" ")}${noNewline ? "" : "\n"}`, from, paths: namesPrinted(part, args.slice(noNewline ? 1 : 0), true) };
  }
  if (name === "printf") {
    const format = words[1]?.value;
    // `printf '%s\n' ~/*` prints its words one per line, `'%s\0'` NUL-separated.
    if (format === "%s\\n" || format === "%s\\0") return { from, paths: namesPrinted(part, words.slice(2), format === "%s\\n") };
    if (format === undefined || words.length > 2 || format.startsWith("-") || /%/.test(format.replace(/%%/g, ""))) return { from };
    const text = format.replace(/%%/g, "%").replace(/\\n/g, "\n").replace(/\\t/g, "\t");
    return text.includes("\\") ? { from } : { text, from };
  }
  if (name === "cat" && words.length === 1 && part.stdin !== undefined) return { ...part.stdin, from: part.stdin.from };
  const kept = keptLines(part, name);
  return kept === undefined ? { from } : { from, paths: kept };
}

/**
 * The words echo or printf prints, as a listing whose start folders they are (the names a glob
 * among them expands to, each a word of its own where blanks split it): `echo ~/* | xargs rm -rf`
 * removes what `rm -rf ~/*` does. Printed one per line or blank-separated, they are split again by
 * xargs: only those start folders are known to arrive.
 */
function namesPrinted(part: ShellCommandPart, words: readonly ShellWord[], split: boolean): ShellInput["paths"] {
  const folders = words.flatMap((word) => (split && /\s/.test(word.value) ? word.value.split(/\s+/).filter((piece) => piece !== "").map((piece) => ({ ...word, value: piece })) : [word]));
  return { folders, selectsAll: true, cwd: part.cwd, ...(split ? { split: true as const } : {}) };
}

/** Options of the line filters that print some of their input's lines as they came, reordered or cut short; `z`: lines end at NULs. */
const LINE_FILTERS: Readonly<Record<string, { flags: string; valued?: string; long: readonly string[] }>> = {
  sort: { flags: "bdfghiMnRrsuVz", valued: "kt", long: ["reverse", "unique", "numeric-sort", "general-numeric-sort", "human-numeric-sort", "version-sort", "month-sort", "random-sort", "ignore-case", "dictionary-order", "ignore-leading-blanks", "stable", "zero-terminated", "key", "field-separator"] },
  uniq: { flags: "diuz", long: ["repeated", "unique", "ignore-case", "zero-terminated"] },
  head: { flags: "qz", valued: "n", long: ["lines", "quiet", "silent", "zero-terminated"] },
  tail: { flags: "qz", valued: "n", long: ["lines", "quiet", "silent", "zero-terminated"] },
  tac: { flags: "", long: [] },
  tee: { flags: "aip", long: ["append", "ignore-interrupts", "output-error"] },
};

/**
 * What a listing piped through a line filter still names (`find ~ | sort | xargs rm -rf`): some of
 * its names, as they came. The filter reads only its input (tee also writes files, which is judged
 * where it writes), with options known to keep lines whole, ending where the listing's names end.
 */
function keptLines(part: ShellCommandPart, name: string): ShellInput["paths"] {
  const paths = part.stdin?.paths;
  const filter = LINE_FILTERS[name];
  if (paths === undefined || filter === undefined) return undefined;
  let zero = false;
  const values = part.words.slice(1).map((word) => word.value);
  for (let index = 0; index < values.length; index++) {
    const value = values[index] as string;
    const long = /^--([a-z-]+)(=.*)?$/.exec(value);
    if (long !== null) {
      if (!filter.long.includes(long[1] as string)) return undefined;
      zero ||= long[1] === "zero-terminated";
      continue;
    }
    // A count of lines (`-5`, `-n 5`, `-n +2`), a key or a field separator.
    if ((name === "head" || name === "tail") && /^-\d+$/.test(value)) continue;
    const cluster = /^-([A-Za-z]+)(.*)$/.exec(value);
    // An operand: a file read (or, for tee, written) instead of, or besides, the input.
    // (tee's files are written; one that is this output again, /dev/stdout, would double it.)
    if (cluster === null) {
      if (name === "tee" && !/^\/(?:dev|proc)\//.test(value)) continue;
      return undefined;
    }
    const letters = cluster[1] as string;
    const valued = [...letters].findIndex((letter) => filter.valued?.includes(letter) === true);
    if (valued === -1 ? cluster[2] !== "" || [...letters].some((letter) => !filter.flags.includes(letter)) : [...letters.slice(0, valued)].some((letter) => !filter.flags.includes(letter))) return undefined;
    zero ||= (valued === -1 ? letters : letters.slice(0, valued)).includes("z");
    if (valued !== -1 && valued === letters.length - 1 && cluster[2] === "") index++;
  }
  // tee passes bytes on as they are; the others split lines at newlines, or with -z at NULs.
  if (name !== "tee" && zero !== (paths.split !== true)) return undefined;
  // `ls | tail -n +6` keeps some entries: maybe nearly all, maybe one (find prints its start folder first, which head keeps).
  if ((name === "head" || name === "tail") && paths.entriesOnly === true && paths.selectsAll === true) return { ...paths, selectsAll: "maybe" };
  return paths;
}

/**
 * Where the files lie whose names a search prints, when that is all it prints: NUL-separated
 * (`find -print0`, `fd -0`, `git ls-files -z`), or one per line (`find`, `fd`), which xargs splits
 * again at blanks and quotes (a file called `x .env y.ts` would hand xargs `.env`), so that only the
 * start folders are known to arrive whole. Of find's words only its start folders may be expanded.
 */
function printedPaths(part: ShellCommandPart): ShellInput["paths"] {
  // Also past the wrappers read exactly (`sudo find ~`, `nice fd .`).
  const words = part.words.slice(exactProgramStarts(part.words).at(-1) ?? 0);
  const name = gnuProgramName(words[0]?.value.slice((words[0]?.value.lastIndexOf("/") ?? -1) + 1) ?? "");
  const values = words.slice(1).map((word) => word.value);
  if (name === "find") {
    if (values.some((value) => /^-(?:exec|execdir|ok|okdir|printf|fprint|fprint0|fprintf|fls|ls|delete)$/.test(value))) return undefined;
    const nul = values.includes("-print0");
    if (nul && values.includes("-print")) return undefined;
    const source = findSource(words);
    if (words.some((word) => !word.literal && !source.folders.includes(word))) return undefined;
    return { ...source, cwd: part.cwd, ...(nul ? {} : { split: true as const }) };
  }
  if (words.some((word) => !word.literal)) return undefined;
  if (name === "fd" || name === "fdfind") {
    if (values.some((value) => /^-[A-Za-z]*[xXl]|^--(?:exec|exec-batch|list-details|format)/.test(value))) return undefined;
    const nul = values.some((value) => /^-[A-Za-z]*0/.test(value) || value === "--print0");
    const source = fdSource(words);
    return source === undefined ? undefined : { ...source, cwd: part.cwd, ...(nul ? {} : { split: true as const }) };
  }
  // pwd prints the folder it runs in, whatever names follow its options.
  if (name === "pwd" && !values.some((value) => /^--(?:h|v)/.test(value))) return { folders: [literalWord(".")], selectsAll: true, cwd: part.cwd, split: true, itself: true };
  if (name === "ls" || name === "dir" || name === "vdir") return lsListing(part, words);
  if (name === "git" && values[0] === "ls-files" && values.includes("-z") && values.slice(1).every((value) => value === "--cached" || value === "-c" || value === "-z")) {
    return { folders: [literalWord(".")], spares: { untracked: true }, cwd: part.cwd };
  }
  return undefined;
}

/**
 * What ls prints, as a listing: with -d, the names it is given (`ls -d ~/* | xargs rm -rf` removes
 * what `rm -rf ~/*` does); without, every entry of the folder it runs in when it is given no other
 * (`cd ~ && ls | xargs rm -rf` empties the home folder), `..` among them with -a (some entries only
 * with -I, --ignore or --hide). The entries of another folder are printed without its name, so
 * where they land is not known. (Around the names -l prints other words, among them where a link
 * leads: those are not followed.)
 */
function lsListing(part: ShellCommandPart, words: readonly ShellWord[]): ShellInput["paths"] {
  const output = lsOutput(words);
  // A link to a folder printed with a slash after it is removed where it leads: not followed.
  if (output === undefined || output.linksSlashed) return undefined;
  if (output.itself) return namesPrinted(part, output.operands.length === 0 ? [literalWord(".")] : output.operands, !output.nulSeparated);
  const split = output.nulSeparated ? {} : { split: true as const };
  // One other folder (`ls /`): its entries' names, which name them only after that folder.
  const [only, ...more] = output.operands;
  if (only !== undefined && more.length === 0 && only.literal && !only.glob && !/^\.\/*$/.test(only.value) && !output.dotEntries) {
    return { folders: [only], selectsAll: output.leavesOut ? "maybe" : true, cwd: part.cwd, entriesOnly: true, namesIn: only.value, ...split };
  }
  if (!output.operands.every((word) => /^\.\/*$/.test(word.value))) return undefined;
  const folders = output.dotEntries ? [literalWord("."), literalWord("..")] : [literalWord(".")];
  return { folders, selectsAll: output.leavesOut ? "maybe" : true, cwd: part.cwd, entriesOnly: true, ...split };
}
