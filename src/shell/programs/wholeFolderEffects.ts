/**
 * Programs that read, or may change, every file under the folders they are given, whatever the
 * files are called: archivers packing a folder (`tar cf - .`, `zip -r`, `7z a`), recursive copies
 * (`cp -r`, `rsync -a`, `scp -r`), git commands that print or rewrite the working tree's contents
 * (`git archive`, `git diff-index -p`, `git checkout -- .`, `git reset --hard`), unpackers and
 * patches (`tar x`, `unzip`, `patch`), `find -delete`, recursive mode changes, and what moves or
 * removes folders beyond the simple file commands (`git mv`, `git rm`, `trash-put`, `gio trash`,
 * `rename`). Deny and ask rules
 * about any file under such a folder meet the command; and programs that take the files they read
 * from their input (`cpio -o`, `tar -T -`, `zip -@`) read names the analysis cannot see.
 */
import { gitSubcommandAt } from "../commandForms.ts";
import { literalWord } from "./effects.ts";
import { cutShort, readOptions } from "./readOptions.ts";
import { findSource } from "./wrapperEffects.ts";
import { positionals } from "../readOnlyCommand.ts";
import type { FolderSpares, ShellWord } from "../types.ts";

export interface FolderTouch {
  word: ShellWord;
  access: "read" | "write";
  spares?: FolderSpares;
  /** Removed or moved itself: a symlink there is the link alone. */
  linkAlone?: boolean;
  /** Removed, or emptied of everything in it: the critical-path check applies (`find / -delete`). */
  removal?: boolean;
  /** With removal: maybe emptied, by tests that may or may not leave much (`find /tmp -mtime +7 -delete`): asked, not denied. */
  mayEmpty?: boolean;
  /** Moved, not removed (mv): where it goes, a folder to go into or its new name. */
  into?: ShellWord;
}

const HERE = literalWord(".");

/** Words that are not options (and not the value of `valueOptions`), in order. */
function operands(words: readonly ShellWord[], valueOptions: ReadonlySet<string> = new Set()): ShellWord[] {
  const found: ShellWord[] = [];
  for (let index = 1; index < words.length; index++) {
    const value = (words[index] as ShellWord).value;
    if (value === "--") return [...found, ...words.slice(index + 1)];
    if (value.startsWith("-") && value !== "-") {
      if (valueOptions.has(value)) index++;
      continue;
    }
    found.push(words[index] as ShellWord);
  }
  return found;
}

function hasFlag(words: readonly ShellWord[], short: RegExp, long: readonly string[]): boolean {
  return words.slice(1).some((word) => (/^-[^-]/.test(word.value) && short.test(word.value.slice(1))) || long.includes(word.value.split("=")[0] ?? ""));
}

const reads = (words: readonly ShellWord[]): FolderTouch[] => words.map((word) => ({ word, access: "read" }));
const writes = (words: readonly ShellWord[]): FolderTouch[] => words.map((word) => ({ word, access: "write" }));
/** A URI's path with its %-escapes decoded; a bad escape is left as written. */
function decodeURIPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** What cp copies and where to: every operand but the last and the last, or every operand and the folder -t (or --target-directory) names. */
function copyOperands(words: readonly ShellWord[]): { sources: ShellWord[]; target?: ShellWord } {
  const read = readOptions(words.slice(1), { valueShort: "tS", valueLong: ["target-directory", "suffix"] });
  const named = read.options.find((option) => option.name === "t" || option.name === "target-directory");
  if (named !== undefined) return { sources: read.positionals, ...(named.value === undefined ? {} : { target: named.value }) };
  const last = read.positionals.at(-1);
  return { sources: read.positionals.slice(0, -1), ...(last === undefined ? {} : { target: last }) };
}

/** Folders moved elsewhere: what was in them is changed here and can be read there. */
const moves = (words: readonly ShellWord[]): FolderTouch[] => [...reads(words), ...writes(words)];
const removes = (words: readonly ShellWord[]): FolderTouch[] => words.map((word) => ({ word, access: "write", removal: true }));

/** git subcommands that print file contents (of the tree or its history) beyond the paths they name, always or with -p. */
const GIT_PRINTERS = new Set(["archive", "bundle", "fast-export", "format-patch"]);
const GIT_PATCH_PRINTERS = new Set(["diff-index", "diff-files", "diff-tree", "whatchanged", "reflog"]);
/** git subcommands that may rewrite any tracked file of the working tree. */
const GIT_TREE_CHANGERS: ReadonlySet<string> = new Set(["checkout", "switch", "restore", "reset", "merge", "pull", "rebase", "cherry-pick", "revert", "apply", "am", "checkout-index", "read-tree"]);

/** git subcommands that print the contents of files they do not name (log and whatchanged with -p). */
const GIT_CONTENT_READERS = new Set(["diff", "show", "grep"]);

const printsPatch = (words: readonly ShellWord[]) => words.some((word) => /^-[A-Za-z]*[pu]/.test(word.value) && !word.value.startsWith("--") || /^--(?:patch|cc|unified)/.test(word.value));

/** The words before `--` that are not options: revisions or paths, which git only tells apart by looking. */
function revisionsOrPaths(rest: readonly ShellWord[]): ShellWord[] {
  const dashes = rest.findIndex((word) => word.value === "--");
  return (dashes === -1 ? rest : rest.slice(0, dashes)).filter((word) => !word.value.startsWith("-"));
}

/**
 * What a git command reads or rewrites under the working folder. Only a command that works from
 * the index and the working tree alone leaves untracked files alone: one given another revision
 * (`git checkout rev -- .`, `git reset --hard rev`, `git archive rev`, `git log -p`) reads or
 * writes whatever that revision holds, so nothing under the folder is spared.
 */
/**
 * Where git works, from its own options: `-C dir` (each taken from the one before) and
 * `--work-tree`; a word only known when it runs leaves it unknown.
 */
function gitFolders(words: readonly ShellWord[], at: number): { folders: ShellWord[]; unknown?: ShellWord } {
  let base = ".";
  let workTree: string | undefined;
  for (let index = 1; index < at; index++) {
    const { value } = words[index] as ShellWord;
    const valueWord = value === "-C" || value === "--work-tree" ? words[index + 1] : value.startsWith("--work-tree=") ? literalWord(value.slice("--work-tree=".length), words[index] as ShellWord) : undefined;
    if (valueWord === undefined) continue;
    // An empty -C stays where git is; an empty work tree is not a place to judge.
    if (value === "-C" && valueWord.literal && valueWord.value === "") continue;
    if (!valueWord.literal || valueWord.value === "") return { folders: [], unknown: { ...valueWord, literal: false } };
    const placed = valueWord.value.startsWith("/") || base === "." ? valueWord.value : `${base}/${valueWord.value}`;
    if (value === "-C") base = placed;
    else workTree = placed;
  }
  // Paths given from outside the work tree are taken from its top: both places are judged.
  const folders = [base, ...(workTree === undefined ? [] : [workTree])];
  return { folders: folders.map((folder) => literalWord(folder, words[0] as ShellWord)) };
}

/** What a git command reads or rewrites, its paths taken from the folders git's own options name. */
function gitTouches(words: readonly ShellWord[]): FolderTouch[] {
  const touches = gitTouchesHere(words);
  if (touches.length === 0) return touches;
  const at = gitSubcommandAt(words);
  const { folders, unknown } = gitFolders(words, at);
  // A clean of another work tree (`git --work-tree=/ clean -fdx`, or the folder it runs in under another
  // repository's --git-dir) may empty it: the critical-path check asks.
  const cleans = words[at]?.value === "clean";
  const emptied = cleans ? { removal: true, mayEmpty: true } : {};
  if (unknown !== undefined) return touches.map((touch) => ({ ...touch, word: unknown, ...emptied }));
  const elsewhere = words.slice(1, at).some((word) => /^--git-dir(?:=|$)/.test(word.value));
  return folders.flatMap((folder) => touches.map((touch) => {
    const { word } = touch;
    if (folder.value === "." && elsewhere) return { ...touch, ...emptied };
    if (folder.value === "." || !word.literal || word.value.startsWith("/")) return touch;
    return { ...touch, word: { ...word, value: word.value === "." ? folder.value : `${folder.value}/${word.value}` }, ...emptied };
  }));
}

function gitTouchesHere(words: readonly ShellWord[]): FolderTouch[] {
  const at = gitSubcommandAt(words);
  const subcommand = words[at]?.value ?? "";
  const rest = words.slice(at + 1);
  // git's own options (`-C`, `--git-dir`, `--work-tree`) may point it at another index or tree: nothing is spared then.
  const tracked = at === 1 && !rest.some((word) => /^--recurse-submodules/.test(word.value)) ? { untracked: true } : undefined;
  const named = revisionsOrPaths(rest);
  if (subcommand === "diff" && rest.some((word) => word.value === "--no-index")) return reads([HERE]);
  // With git's own options first (`git -C . diff`), the read-only judgment does not see a content printer.
  if (at > 1 && (GIT_CONTENT_READERS.has(subcommand) || ((subcommand === "log" || subcommand === "whatchanged") && printsPatch(rest)))) return reads([HERE]);
  if (GIT_PRINTERS.has(subcommand) || (GIT_PATCH_PRINTERS.has(subcommand) && printsPatch(rest))) return reads([HERE]);
  // git clean removes what git does not track (and with -x what it ignores too).
  if (subcommand === "clean") return [{ word: HERE, access: "write", ...(tracked === undefined || rest.some((word) => /^-[A-Za-z]*[xX]/.test(word.value)) ? {} : { spares: { gitIgnored: true } }) }];
  // git add reads what it stages into the repository: a folder, or the whole tree with -A, every
  // file in it that git does not ignore (ignored ones too with -f); -u stages tracked files alone.
  if (subcommand === "add") {
    const force = rest.some((word) => (/^-[A-Za-z]*f/.test(word.value) && !word.value.startsWith("--")) || (word.value.length >= 4 && "--force".startsWith(word.value)));
    const long = (full: string) => rest.some((word) => word.value.startsWith("--") && word.value.length >= 4 && full.startsWith(word.value.split("=")[0] ?? ""));
    const all = rest.some((word) => /^-[A-Za-z]*A/.test(word.value) && !word.value.startsWith("--")) || long("--all") || long("--no-ignore-removal");
    const paths = rest.filter((word, index) => !word.value.startsWith("-") || rest.slice(0, index).some((each) => each.value === "--"));
    // git matches a pathspec with magic (`:/`) or a glob (`'*'`) itself, over the whole tree; one read from a file may be any.
    const fromFile = long("--pathspec-from-file");
    const folders = fromFile ? [HERE] : paths.length > 0 ? paths.map((word) => (word.value.startsWith(":") || /[*?[]/.test(word.value) ? HERE : word)) : all ? [HERE] : [];
    return folders.map((word) => ({ word, access: "read" as const, ...(force || tracked === undefined ? {} : { spares: { gitIgnored: true } }) }));
  }
  if (subcommand === "stash") {
    const action = named[0]?.value ?? "push";
    if (action === "list" || action === "drop" || action === "clear" || action === "create" || action === "store") return [];
    if (action === "show") return printsPatch(rest) ? reads([HERE]) : [];
    if (action !== "push" && action !== "save") return writes([HERE]);
    // Stashing puts tracked changes away (-u: untracked files too; -a: ignored ones as well).
    // In a cluster of short options (`-um x`) or cut short (`--include-u`) too.
    const short = (letter: string) => rest.some((word) => /^-[A-Za-z]+$/.test(word.value) && word.value.slice(1).includes(letter));
    const long = (full: string, shortest: number) => rest.some((word) => cutShort(word.value, full, shortest));
    const all = short("a") || long("--all", 4);
    const withUntracked = short("u") || long("--include-untracked", 5);
    const spared = all || tracked === undefined ? {} : { spares: withUntracked ? { gitIgnored: true } : tracked };
    // What it puts away it reads into the repository too.
    return [{ word: HERE, access: "write", ...spared }, ...(all || withUntracked ? [{ word: HERE, access: "read" as const, ...spared }] : [])];
  }
  // A folder moved away can be read where it went; one removed from the working tree is changed.
  if (subcommand === "mv" || subcommand === "rm") return gitMoveOrRemove(subcommand, rest);
  if (!GIT_TREE_CHANGERS.has(subcommand)) return [];
  // A new branch where one stands changes no file (`git checkout -b x`, `git switch -c x`).
  const creates = rest.some((word) => /^-[bBcC]$|^--orphan$|^--create$/.test(word.value));
  if ((subcommand === "checkout" || subcommand === "switch") && creates && named.length <= 1) return [];
  // From the index alone: `git checkout -- paths`, `git checkout .`, `git restore paths`, `git reset --hard`.
  const fromIndex = (subcommand === "checkout" && (rest.some((word) => word.value === "--") ? named.length === 0 : named.every((word) => word.value === "."))) ||
    (subcommand === "restore" && !rest.some((word) => /^(?:-s|--source)/.test(word.value))) ||
    (subcommand === "reset" && named.every((word) => word.value === "HEAD"));
  // A mixed or soft reset changes the index alone.
  if (subcommand === "reset" && !rest.some((word) => /^--(?:hard|merge|keep)$/.test(word.value))) return [];
  // Paths after `--` (or a revision) limit it to themselves (`git checkout HEAD -- src/a.ts`).
  const dashes = rest.findIndex((word) => word.value === "--");
  const limited = dashes === -1 ? [] : rest.slice(dashes + 1);
  const folders = limited.length > 0 ? limited : [HERE];
  // From another revision a checkout, merge or patch also overwrites ignored files and refuses to touch
  // other untracked ones; a hard reset and a restore from a source overwrite them all.
  const overwrites = subcommand === "reset" || subcommand === "restore";
  const spares = tracked === undefined ? undefined : fromIndex ? tracked : overwrites ? undefined : { untracked: true, unlessIgnored: true };
  return folders.map((word) => ({ word, access: "write" as const, ...(spares === undefined ? {} : { spares }) }));
}

/**
 * What `git mv` moves away and `git rm` removes: the paths before and after `--`. git matches
 * pathspecs itself (a glob the shell left alone, `:(icase)x`, `:/x`) and may read them from a
 * file: then anything in the working tree may be meant. A dry run changes nothing.
 */
function gitMoveOrRemove(subcommand: "mv" | "rm", rest: readonly ShellWord[]): FolderTouch[] {
  const dashes = rest.findIndex((word) => word.value === "--");
  const options = (dashes === -1 ? rest : rest.slice(0, dashes)).filter((word) => word.value.startsWith("-"));
  if (subcommand === "rm" && options.some((word) => /^--(?:cached|dry-run)$/.test(word.value) || (/^-[A-Za-z]*n/.test(word.value) && !word.value.startsWith("--")))) return [];
  const before = (dashes === -1 ? rest : rest.slice(0, dashes)).filter((word) => !word.value.startsWith("-"));
  const paths = [...before, ...(dashes === -1 ? [] : rest.slice(dashes + 1))];
  const matchedByGit = rest.some((word) => word.value.startsWith("--pathspec-from-file")) ||
    paths.some((word) => word.value.startsWith(":") || (!word.glob && /[*?[]/.test(word.value)));
  const reached = matchedByGit ? [HERE] : subcommand === "mv" ? paths.slice(0, -1) : paths;
  return subcommand === "mv" ? moves(reached) : writes(reached);
}

function tarTouches(words: readonly ShellWord[]): FolderTouch[] {
  const args = words.slice(1).map((word, index) => (index === 0 && /^[A-Za-z]+$/.test(word.value) ? { ...word, value: `-${word.value}` } : word));
  const all = [words[0] as ShellWord, ...args];
  const folder = (() => {
    const at = all.findIndex((word) => word.value === "-C" || word.value === "--directory");
    if (at !== -1) return all[at + 1];
    const glued = all.find((word) => /^--directory=/.test(word.value));
    return glued === undefined ? undefined : literalWord(glued.value.slice("--directory=".length), glued);
  })();
  if (hasFlag(all, /x/, ["--extract", "--get"])) return writes([folder ?? HERE]);
  if (!hasFlag(all, /[crAu]/, ["--create", "--append", "--update"])) return [];
  // What follows the options is packed, below -C's folder when there is one.
  const members = operands(all, new Set(["-f", "--file", "-C", "--directory", "-T", "--files-from", "-X", "--exclude-from", "-I", "-b", "-H", "--format"]));
  const packed = folder === undefined ? members : [folder];
  // --remove-files removes what it packs.
  return all.some((word) => word.value === "--remove-files") ? [...reads(packed), ...removes(packed)] : reads(packed);
}

/**
 * mv's sources, read as GNU mv reads its options (anywhere before `--`; -S and --suffix take a
 * value, -t and --target-directory name the target folder, long options may be abbreviated): all
 * operands but the last, all but a target folder given as an option, or both sides with
 * --exchange; and an option's value after the first operand, which is an operand under POSIXLY_CORRECT.
 */
export function movedAway(words: readonly ShellWord[]): ShellWord[] {
  return readMove(words).sources;
}

/**
 * Where mv puts what it moves, when one word says so: the target folder given as an option, or the
 * last operand (a folder to move into, or the new name). Not with --exchange, which moves both sides,
 * nor with a target folder glued to its option (`--target-directory=x`).
 */
export function moveDestination(words: readonly ShellWord[]): ShellWord | undefined {
  return readMove(words).into;
}

function readMove(words: readonly ShellWord[]): { sources: ShellWord[]; into: ShellWord | undefined } {
  const operands: ShellWord[] = [];
  // Values of -S and -t given after an operand: with POSIXLY_CORRECT the options end at the first
  // operand, and such a word is a source then.
  const maybeOperands: ShellWord[] = [];
  let targetGiven = false;
  let target: ShellWord | undefined;
  let afterDashes = false;
  const valueAt = (index: number) => {
    const value = words[index];
    if (value !== undefined && operands.length > 0) maybeOperands.push(value);
    return value;
  };
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    const { value } = word;
    if (afterDashes || value === "-" || !value.startsWith("-")) operands.push(word);
    else if (value === "--") afterDashes = true;
    else if (value.startsWith("--")) {
      const name = value.slice(2).split("=")[0] ?? "";
      const glued = value.includes("=");
      if ("target-directory".startsWith(name)) {
        targetGiven = true;
        if (!glued) target = valueAt(++index);
      } else if (name.length >= 2 && "suffix".startsWith(name)) {
        if (!glued) valueAt(++index);
      }
    } else {
      for (let at = 1; at < value.length; at++) {
        const letter = value[at];
        if (letter !== "t" && letter !== "S") continue;
        if (letter === "t") targetGiven = true;
        // The rest of the word is the value, or else the next word is.
        if (at === value.length - 1) {
          const next = valueAt(++index);
          if (letter === "t") target = next;
        }
        break;
      }
    }
  }
  let sources = targetGiven ? operands.filter((word) => word !== target) : operands.slice(0, -1);
  // --exchange swaps each source with what it names in the target (a folder last is one, as for
  // any mv, unless -T): both move.
  if (swapsPaths(words)) {
    const into = targetGiven ? target : operands.at(-1);
    const noTarget = words.some((word) => word.value === "-T" || (/^-[^-]*T/.test(word.value)) || (word.value.length > 4 && "--no-target-directory".startsWith(word.value)));
    const swapped = !noTarget && into !== undefined && into.literal
      ? sources.filter((word) => word.literal).map((word) => literalWord(`${into.value}/${word.value.replace(/\/+$/, "").split("/").pop() ?? ""}`, into))
      : [];
    sources = [...operands, ...(into === undefined ? [] : [into]), ...swapped];
    return { sources: [...new Set([...sources, ...maybeOperands])], into: undefined };
  }
  // A word that may be an operand (see maybeOperands) leaves the destination unsure.
  const into = maybeOperands.length > 0 ? undefined : targetGiven ? target : operands.at(-1);
  return { sources: [...new Set([...sources, ...maybeOperands])], into: sources.length === 0 ? undefined : into };
}

/**
 * What mv reads and changes: a link swapped by --exchange is the folder it leads to; moved away, a
 * folder is gone from where it was, so the critical-path check meets it (`mv ~ /tmp/x`), with where
 * it goes (moved into a folder inside the one it leaves, it leaves that one no emptier: `mv * old/`).
 */
function mvTouches(words: readonly ShellWord[]): FolderTouch[] {
  const sources = movedAway(words);
  if (swapsPaths(words)) return moves(sources);
  const into = moveDestination(words);
  return [...moves(sources), ...removes(sources)].map((touch) => ({ ...touch, linkAlone: true, ...(into === undefined ? {} : { into }) }));
}

/** True when mv is given --exchange (or an abbreviation of it) before `--`. */
export function swapsPaths(words: readonly ShellWord[]): boolean {
  const dashes = words.findIndex((word) => word.value === "--");
  return (dashes === -1 ? words : words.slice(0, dashes)).some((word) => word.value.length > 2 && "--exchange".startsWith(word.value.split("=")[0] ?? ""));
}

/** What the program at `words[0]` reads or may change under whole folders. */
export function wholeFolderTouches(words: readonly ShellWord[]): FolderTouch[] {
  const name = words[0]?.value ?? "";
  switch (name) {
    case "git":
      return gitTouches(words);
    case "tar": case "bsdtar": case "gtar":
      return tarTouches(words);
    case "zip":
      // zip archive.zip paths...: the folders among the paths, with -r.
      {
        const paths = operands(words, new Set(["-b", "-n", "-t", "-tt", "-x", "-i"])).slice(1);
        // -m moves what it packs into the archive: it is removed.
        const moved = hasFlag(words, /m/, ["--move"]) ? removes(paths) : [];
        return [...(hasFlag(words, /[rR]/, ["--recurse-paths"]) ? reads(paths) : []), ...moved];
      }
    case "7z": case "7za": case "7zr": {
      const [command, , ...paths] = operands(words);
      if (command?.value === "a" || command?.value === "u") return reads(paths.length > 0 ? paths : [HERE]);
      if (command?.value === "x" || command?.value === "e") {
        const out = words.find((word) => word.value.startsWith("-o") && word.value.length > 2);
        return writes([out === undefined ? HERE : literalWord(out.value.slice(2), out)]);
      }
      return [];
    }
    case "unzip": {
      // -l, -t, -v and -p only list, test or print.
      if (hasFlag(words, /[lptvZ]/, [])) return [];
      const at = words.findIndex((word) => word.value === "-d");
      return writes([at === -1 ? HERE : words[at + 1] ?? HERE]);
    }
    case "cp":
      if (!hasFlag(words, /[rRa]/, ["--recursive", "--archive"])) return [];
      // What it copies is read whole; where to may have any file in it replaced.
      {
        const { sources, target } = copyOperands(words);
        return [...reads(sources), ...(target === undefined ? [] : writes([target]))];
      }
    case "rsync": {
      const recursive = hasFlag(words, /[ra]/, ["--recursive", "--archive"]);
      const dirs = recursive || hasFlag(words, /d/, ["--dirs"]);
      if (!dirs) return [];
      const paths = operands(words, new Set(["-e", "--rsh", "--exclude", "--include", "--filter", "-f", "--files-from", "--exclude-from", "--include-from", "-T", "--temp-dir", "--backup-dir", "--log-file", "--password-file", "--chmod", "--chown"]));
      const sources = paths.slice(0, -1);
      const target = paths.at(-1);
      const dryRun = hasFlag(words, /n/, ["--dry-run"]);
      // --delete and its kin remove what the source lacks from where it is copied: the target
      // itself for a source ending in `/` (its contents), else the folder of the source's name in it.
      const deletes = !dryRun && words.some((word) => /^--(?:delete|del$)/.test(word.value));
      const pruned = target === undefined || !deletes ? [] : sources.map((source) => (/\/\.?$/.test(source.value) || !source.literal || !target.literal
        ? target
        : literalWord(`${target.value.replace(/\/+$/, "")}/${source.value.replace(/\/+$/, "").split("/").pop() ?? ""}`, target)));
      // --remove-source-files removes each file it sent.
      const sent = !dryRun && words.some((word) => word.value === "--remove-source-files") ? removes(sources) : [];
      const touched = [...(recursive ? reads(sources) : []), ...(target === undefined ? [] : writes([target])), ...removes(pruned), ...sent];
      return touched.filter((touch) => !touch.word.value.includes(":"));
    }
    case "scp":
      return hasFlag(words, /r/, []) ? reads(operands(words, new Set(["-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J", "-D"])).slice(0, -1).filter((word) => !word.value.includes(":"))) : [];
    case "patch": {
      const at = words.findIndex((word) => word.value === "-d" || word.value === "--directory");
      return writes([at === -1 ? HERE : words[at + 1] ?? HERE]);
    }
    case "find": {
      if (!words.some((word) => word.value === "-delete")) return [];
      // With no test to pick entries, everything under its start folders goes; with tests that may keep little, maybe.
      const source = findSource(words);
      if (source.selectsAll === true) return removes(source.folders);
      return source.selectsAll === "maybe" ? removes(source.folders).map((touch) => ({ ...touch, mayEmpty: true })) : writes(source.folders);
    }
    case "cpio":
      return operands(words).length === 0 && words.some((word) => /^-[A-Za-z]*i/.test(word.value) || word.value === "--extract") ? writes([HERE]) : [];
    case "ar": case "jar":
      return /^-?[A-Za-z]*x/.test(words[1]?.value ?? "") ? writes([HERE]) : [];
    // Also past a wrapper (`sudo mv secrets /tmp`), where the simple file commands are not read.
    case "mv":
      return mvTouches(words);
    case "rm":
      return writes(positionals(words)).map((touch) => ({ ...touch, linkAlone: true }));
    case "trash": case "trash-put": case "gtrash": case "rimraf": case "rmtrash": case "del-cli": case "del": case "trash-cli":
      return removes(operands(words));
    case "shred": {
      // shred overwrites what it is given (through a link, the file it leads to), and with -u removes it.
      const files = operands(words, new Set(["-n", "-s", "--iterations", "--size", "--random-source"]));
      const dashes = words.findIndex((word) => word.value === "--");
      const options = words.slice(1, dashes === -1 ? undefined : dashes);
      // --remove as GNU reads it: abbreviated to two letters or more (`--re`, `--rem=unlink`).
      const long = (value: string) => /^--([a-z]{2,})(?:=|$)/.exec(value)?.[1];
      const removing = options.some((word) => /^-[^-]*u/.test(word.value) || "remove".startsWith(long(word.value) ?? "-"));
      return removing ? [...writes(files), ...removes(files)] : writes(files);
    }
    case "cmake": {
      // cmake -E rm [-r] [-f] paths, and its older remove and remove_directory.
      if (words[1]?.value !== "-E") return [];
      const command = words[2]?.value;
      const paths = words.slice(3).filter((word) => !/^-[rRf]+$/.test(word.value) && word.value !== "--");
      return command === "rm" || command === "remove" || command === "remove_directory" ? removes(paths) : [];
    }
    case "wipe": case "srm":
      return removes(operands(words, new Set(["-Q", "-l", "-o", "-M", "-S", "-x", "-p", "-b"])));
    case "gio": {
      const [command, ...given] = operands(words);
      // A local file's URI is its path (`file:///etc`).
      const paths = given.map((word) => (/^file:\/\//.test(word.value) ? literalWord(decodeURIPath(word.value.slice("file://".length)), word) : word));
      if (command?.value === "trash" || command?.value === "remove") return removes(paths);
      if (command?.value !== "move" && command?.value !== "rename") return [];
      const away = command.value === "move" ? paths.slice(0, -1) : paths.slice(0, 1);
      return [...moves(away), ...removes(away)];
    }
    case "rename": case "prename": case "file-rename":
      // The files after the expression (util-linux's two words, perl's one) are renamed: every operand but the first may be one.
      return moves(operands(words).slice(1));
    case "chmod": case "chown": case "chgrp":
      return hasFlag(words, /R/, ["--recursive"]) ? writes(operands(words, new Set(["--reference"])).slice(1)) : [];
    case "chattr": {
      if (!hasFlag(words, /R/, [])) return [];
      // The attributes come first: `+i` and `=i` look like files, `-i` like an option.
      const files = operands(words, new Set(["-v", "-p"]));
      return writes(/^[+=]/.test(files[0]?.value ?? "") ? files.slice(1) : files);
    }
    case "chcon": {
      if (!hasFlag(words, /R/, ["--recursive"])) return [];
      // A context first, unless its parts or a reference file are given as options.
      const files = operands(words, new Set(["-u", "-r", "-t", "-l", "--user", "--role", "--type", "--range"]));
      return writes(words.some((word) => /^-[urtl]$|^--(?:user|role|type|range|reference)/.test(word.value)) ? files : files.slice(1));
    }
    case "setfacl":
      // The ACL entries are option values (-m, -x, -M, -X, --set, --set-file); every operand is a file.
      return hasFlag(words, /R/, ["--recursive"]) ? writes(operands(words, new Set(["-m", "-x", "-M", "-X", "--modify", "--remove", "--modify-file", "--remove-file", "--set", "--set-file", "--restore"]))) : [];
    default:
      return [];
  }
}

/** Why the program reads files whose names come from its input, or undefined. */
export function namesFromInput(words: readonly ShellWord[]): string | undefined {
  const name = words[0]?.value ?? "";
  const values = words.slice(1).map((word) => word.value);
  if (name === "cpio" && values.some((value) => /^-[A-Za-z]*[op]/.test(value) || value === "--create" || value === "--pass-through")) return "cpio reads the files named on its input";
  if ((name === "tar" || name === "bsdtar" || name === "gtar") && values.some((value, index) => value === "-T" || value.startsWith("--files-from") || (index === 0 && /^[A-Za-z]*T/.test(value)))) return "tar packs the files a list names";
  if (name === "zip" && values.includes("-@")) return "zip packs the files named on its input";
  if (name === "rsync" && values.some((value) => value.startsWith("--files-from"))) return "rsync copies the files a list names";
  if (values.some((value) => value.startsWith("--files0-from"))) return `${name} reads the files a list names`;
  return undefined;
}
