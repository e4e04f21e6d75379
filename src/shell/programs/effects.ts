/** What a program does beyond what its name and plain arguments show: the catalogue's answer for one call. */
import type { FilledIn, FolderSpares, ShellWord } from "../types.ts";

/** A command the program runs: shell text it hands to a shell, or words it runs directly. */
export interface RunCommand {
  text?: string;
  words?: ShellWord[];
  /** How it is reached, for messages: `awk system()`, `ssh ProxyCommand`. */
  via: string;
  /** The program runs it in folders of its own (`find -execdir`): relative paths in it are not known. */
  elsewhere?: string;
  /** Words of it the program fills in when it runs (see ShellCommandPart.filledIn). */
  filledIn?: FilledIn;
  /** The words after a `sh -c` script: its `$0`, `$1`, ... */
  positional?: ShellWord[];
}

export interface ProgramEffects {
  /** Commands the program runs: analyzed and judged like any other part. */
  runs: RunCommand[];
  /** Strings of code the analysis cannot read: deny and ask rules meet them as commands and as paths. */
  mentions: string[];
  /** Why it runs code, or reaches files, the analysis cannot see (asked when a deny or ask rule might cover it). */
  unknown: string[];
  /** Why the analysis cannot follow the command at all (asked in every mode). */
  problems: string[];
  /** Files it reads or writes because its options or program say so. */
  touches: { word: ShellWord; access: "read" | "write" }[];
  /** Folders every file under which it reads or may change (`tar cf - .`, `git checkout -- .`): see wholeFolderEffects.ts. */
  wholeFolders?: { word: ShellWord; access: "read" | "write"; spares?: FolderSpares }[];
}

/** No effects beyond the plain call. */
export function noEffects(): ProgramEffects {
  return { runs: [], mentions: [], unknown: [], problems: [], touches: [] };
}

/** A literal word made from text found inside another word or a script. */
export function literalWord(value: string, from?: ShellWord): ShellWord {
  return { value, literal: from?.literal ?? true, glob: false };
}
