/**
 * The simple file commands acceptEdits may run without asking (mkdir, touch, mv, cp, rm, rmdir,
 * sed), and the paths each one changes. Every positional counts as changed (strictly: `cp`'s
 * source too), and so does a path glued to a long option (`--target-directory=/x`).
 */
import { readSedCall } from "./programs/sedEffects.ts";
import { movedAway, swapsPaths } from "./programs/wholeFolderEffects.ts";
import { positionals } from "./readOnlyCommand.ts";
import type { ShellWord } from "./types.ts";

export interface FileCommand {
  paths: ShellWord[];
  /** rm and rmdir: the critical-path check applies. */
  removal: boolean;
  /**
   * The paths whose every file the command changes when the path is a folder: what rm removes, what
   * mv moves away (see movedAway: every path but the destination, or but a target folder given as an option).
   */
  wholeChanged: ShellWord[];
  /** A symlink among wholeChanged is the link alone (not with mv --exchange, which swaps what it leads to). */
  linkAlone: boolean;
}

const FILE_COMMANDS = new Set(["mkdir", "touch", "mv", "cp", "rm", "rmdir", "sed"]);

/** The command's changed paths, or a reason it is not a simple file command. */
export function classifyFileCommand(words: readonly ShellWord[]): FileCommand | { reason: string } {
  const name = words[0];
  if (name === undefined || !name.literal || !FILE_COMMANDS.has(name.value)) {
    return { reason: `${name?.value ?? "it"} is not a simple file command` };
  }
  const dynamic = words.find((word) => !word.literal);
  if (dynamic !== undefined) return { reason: `the argument ${dynamic.value} is only known when the command runs` };
  let paths = positionals(words);
  if (name.value === "sed") {
    // Only a sed that edits its files and runs nothing is a simple file command; what its scripts
    // write elsewhere (`w file`) is judged as the part's own writes.
    const call = readSedCall(words);
    const reason = call.effects.problems[0] ?? call.effects.unknown[0] ?? (call.effects.runs.length > 0 ? "sed runs a command" : undefined);
    if (reason !== undefined) return { reason };
    paths = [...call.files, ...call.backups];
  }
  const glued = words
    .filter((word) => word.value.startsWith("--") && word.value.includes("="))
    .map((word) => ({ ...word, value: word.value.slice(word.value.indexOf("=") + 1) }));
  const targetOption = words.findIndex((word) => word.value === "-t");
  const target = targetOption === -1 ? [] : words.slice(targetOption + 1, targetOption + 2);
  const removal = name.value === "rm" || name.value === "rmdir";
  // rmdir removes only empty folders: nothing in one is changed.
  return { paths: [...paths, ...glued, ...target], removal, wholeChanged: name.value === "rm" ? paths : name.value === "mv" ? movedAway(words) : [], linkAlone: !(name.value === "mv" && swapsPaths(words)) };
}
