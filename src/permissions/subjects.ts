/**
 * What one call is judged on: the whole tool, each shell command part, and each path it reads or
 * writes. Every subject must pass on its own.
 */
import type { FolderSpares, ShellCommandPart, ShellCwd, ShellWord } from "../shell/types.ts";

/**
 * The call as a whole (tools without commands, and whole-tool rules), with the addresses and
 * named things its tool declared: `Tool(domain:...)` and `Tool(pattern)` rules match those, so an
 * allow rule answers the tool's own ask as it would for any call.
 */
export interface ToolSubject {
  kind: "tool";
  urls: string[];
  names: string[];
}

/** One part of a shell command. */
export interface CommandSubject {
  kind: "command";
  part: ShellCommandPart;
}

/** A path the call reads or writes. */
export interface PathSubject {
  kind: "path";
  access: "read" | "write";
  /** The path as written. */
  word: ShellWord;
  /** Where a relative path is resolved. */
  cwd: ShellCwd;
  /** How the path was reached, for messages: `> out.txt`, `cat a.txt`, `Edit`. */
  label: string;
  /** Declared by the tool itself (rules naming the tool apply), not found in a shell command. */
  fromTool: boolean;
  /** The command part that reads or writes it (a file argument, not a redirect): an allow rule naming that part covers it inside the working folders. */
  part?: ShellCommandPart;
  /** Removed by `rm`/`rmdir`: the critical-path check applies. */
  removal?: boolean;
  /** With removal: the folder may be emptied or not (find with tests that may keep little); a critical one is asked, not denied. */
  mayEmpty?: boolean;
  /** Every file under this folder is read (`grep -r`, `rg`). */
  recursive?: boolean;
  /** Removed or moved itself (rm, mv): a symlink there is the link alone, not the folder it leads to. */
  linkAlone?: boolean;
  /** With removal, moved rather than removed (mv): where it goes, a folder to go into or its new name. */
  movedInto?: ShellWord;
  /** The recursive read or change reaches only files whose names match one of these globs (`find . -name '*.ts' -exec ...`). */
  names?: string[];
  /** With `names`: a folder of such a name is reached whole, so a file under it is reached whatever its own name (find's -name meets folders). */
  namedFolders?: boolean;
  /** The recursive read or change leaves ignored files (git, ripgrep) or hidden ones (ripgrep) alone. */
  spares?: FolderSpares;
  /** The recursive read follows symlinks it meets (`grep -R`, `rg -L`, `find -L`). */
  followsLinks?: boolean;
  /** Only mentioned (an argument of a command the analysis cannot read): deny and ask rules only. */
  mentionedOnly?: boolean;
  /** A mentioned file only known when the command runs (`cat $(ls)`): deny and ask rules on its access cannot be shown to miss it. */
  unplaced?: boolean;
  /** With unplaced: text in the word that xargs fills in, which may be nothing (an empty line or item): `~/{}` may be `~/`. */
  emptyFill?: string;
  /** Names other parts of the same command may create or replace (`ln -s /etc x`): a path under one leads who knows where. */
  newNames?: NewName[];
}

export type Subject = ToolSubject | CommandSubject | PathSubject;

/** A path another part of the same command may turn into a symlink (or replace). */
export interface NewName {
  word: ShellWord;
  cwd: ShellCwd;
  /** The part that makes it, for messages. */
  by: string;
  /** Made a symlink for sure (`ln -s`, `symlink`, `cp -s`), not merely maybe (`cp -a`, `tar x`). */
  symlink?: true;
}
