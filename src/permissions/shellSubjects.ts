/**
 * Turns an analyzed shell command into subjects: one per command part, one per path it reads or
 * writes (redirects, read-only commands' files, simple file commands' targets), and every other
 * literal argument as a mentioned path, so Read and Edit deny rules hold against any command.
 */
import { posix } from "node:path";
import { allowForm, fillWords, joinWords, programStarts, programWordsAsRun } from "../shell/commandForms.ts";
import { requiredAsPlain } from "../shell/evaluateWord.ts";
import { classifyFileCommand } from "../shell/fileCommand.ts";
import { matchesEveryEntry } from "../shell/globNames.ts";
import { classifyReadOnly, searchedFolders } from "../shell/readOnlyCommand.ts";
import { wholeFolderTouches } from "../shell/programs/wholeFolderEffects.ts";
import { hasUnquotedExpansion } from "./wordExpansions.ts";
import type { FilledIn, FolderSpares, ShellAnalysis, ShellCommandPart, ShellCwd, ShellWord } from "../shell/types.ts";
import type { NewName, PathSubject, Subject } from "./subjects.ts";

/**
 * The folders a path a part names may start from: where the part runs, or, when that is one of a
 * few folders the analysis knows (after `cd a; ...`: the start or a), each of them: every one is
 * judged, so a deny rule holds whichever it is and an allow needs all of them.
 */
export function placements(cwd: ShellCwd): ShellCwd[] {
  if (cwd.kind !== "unknown" || cwd.candidates === undefined || cwd.candidates.length === 0) return [cwd];
  return [...cwd.candidates];
}

function pathSubject(part: ShellCommandPart, word: ShellWord, access: "read" | "write", extra: Partial<PathSubject> = {}): PathSubject[] {
  const verb = extra.mentionedOnly ? "mentions" : access === "read" ? "reads" : "writes";
  return placements(part.cwd).map((cwd) => ({ kind: "path", access, word, cwd, label: `${part.source} (${verb} ${word.value})`, fromTool: false, part, ...extra }));
}

/**
 * The paths one argument may name: the word itself, what follows an `=` (`--output=x`, `dd of=x`),
 * a `:` (`git show HEAD:x`, `scp host:x`) or a leading `@` (`@file` arguments).
 */
export function mentionedSpellings(value: string): string[] {
  const spellings = new Set<string>();
  const add = (text: string) => {
    if (text !== "" && !text.startsWith("-")) spellings.add(text);
  };
  add(value);
  const equals = value.indexOf("=");
  if (equals !== -1) add(value.slice(equals + 1));
  for (let colon = value.indexOf(":"); colon !== -1; colon = value.indexOf(":", colon + 1)) add(value.slice(colon + 1));
  if (value.startsWith("@")) add(value.slice(1));
  for (const text of [...spellings]) if (text.startsWith("@")) add(text.slice(1));
  return [...spellings];
}

/**
 * `$HOME/x`, `"${HOME}"/x`, `$PWD/x`, `$(pwd)/x` as the path they most likely name (HOME as toolshed
 * sees it, PWD and what pwd prints as the part's own folder), when nothing else in the word is
 * expanded. Only ever a mention: a command may have changed either variable first.
 */
function knownFolderSpelling(text: string, cwd?: ShellCwd): string | undefined {
  const match = /^(?:\$(?:\{(HOME|PWD)\}|(HOME|PWD)(?![A-Za-z0-9_]))|\$\(\s*(?:(?:command|builtin)\s+|\\|\/(?:usr\/)?bin\/)?pwd(?:\s+-[LP]+)*(?:\s+--)?\s*\))(\/[^$`'\\]*)?$/.exec(requiredAsPlain(text).replace(/"/g, ""));
  if (match === null) return undefined;
  const name = match[1] ?? match[2];
  if (name === "HOME") return `${process.env.HOME ?? "/"}${match[3] ?? ""}`;
  // Where the part runs is not known (`cd "$X"`, find -execdir): neither is what pwd says, so a
  // path known to be read or changed is not placed by it (a mere mention still meets deny rules).
  return cwd?.kind === "unknown" ? undefined : `.${match[3] ?? ""}`;
}

/** Whether every part of the command but `part` only reads, with plain words, and no redirection writes a file. */
function othersOnlyRead(analysis: ShellAnalysis, part: ShellCommandPart): boolean {
  if (analysis.redirects.some((redirect) => redirect.access === "write" && redirect.target.value !== "/dev/null")) return false;
  return analysis.parts.every((other) => other === part || (other.words.every((word) => word.literal) && classifyReadOnly(allowForm(other).words).readOnly));
}

/** Commands that can leave a symlink (or another file) at a name they are given. */
const NAME_MAKERS: ReadonlySet<string> = new Set(["ln", "cp", "mv", "rsync", "tar", "unzip", "cpio", "link", "symlink"]);

/** The names each part may create as a symlink: every literal argument of ln, cp, mv, tar, ... */
function newNamesOf(part: ShellCommandPart): NewName[] {
  const words = allowForm(part).words;
  const full = words[0]?.value ?? "";
  const name = full.slice(full.lastIndexOf("/") + 1);
  if (!NAME_MAKERS.has(name)) return [];
  // A plain cp follows symlinks and writes a regular file; with these it copies links as links.
  if (name === "cp" && !words.some((word) => /^-[^-]*[sslPdaRr]|^--(?:no-deref|archive|recursive|symbolic|link|preserve)/.test(word.value))) return [];
  const symlink = name === "ln" || name === "link" || name === "symlink" || (name === "cp" && words.some((word) => /^-[^-]*s|^--symbolic-link$/.test(word.value)));
  // Made in every folder the part may run in.
  return part.words.slice(1).filter((word) => word.literal && !word.value.startsWith("-"))
    .flatMap((word) => placements(part.cwd).map((cwd) => ({ word, cwd, by: part.source, ...(symlink ? { symlink: true as const } : {}) })));
}

/** Programs that print or test the names they are given and open no file by them. */
const NAME_ONLY_PROGRAMS: ReadonlySet<string> = new Set(["echo", "printf", "basename", "dirname", "test", "[", "true", "false", "readlink", "realpath"]);

/** What a filled-in word has before its first placeholder, quotes aside (`s{}/key` has `s`). */
function textBeforePlaceholder(word: ShellWord, filler: FilledIn | undefined): string {
  return aroundPlaceholder(word, filler)?.before ?? "";
}

/** Whether the text before a name is the folder its listing printed it from (`/` for `ls /`, `../` for `ls ..`). */
function namesInFolder(before: string, folder: string): boolean {
  const trim = (path: string) => posix.normalize(path).replace(/(.)\/+$/, "$1");
  return before.endsWith("/") && trim(before) === trim(folder);
}

/** The text of a filled-in word before and after its first placeholder, quotes removed; undefined when it has none. */
function aroundPlaceholder(word: ShellWord, filler: FilledIn | undefined): { before: string; after: string } | undefined {
  const placeholder = filler?.placeholder;
  if (typeof placeholder !== "string" || placeholder === "") return undefined;
  const at = word.value.indexOf(placeholder);
  if (at === -1) return undefined;
  return { before: word.value.slice(0, at).replace(/["']/g, ""), after: word.value.slice(at + placeholder.length).replace(/["']/g, "") };
}

/**
 * What a filled-in word goes on with inside what was filled in, when nothing comes before its
 * placeholder but `./`: plain names (`{}/node_modules`, `"{}"/build`, `{}/link/`: no `.` or `..`,
 * nothing expanded), or slashes, dots and wildcards for every entry (`{}/`, `"{}"/.`, `{}/*`),
 * where a link among the names leads on. Undefined for any other word.
 */
function insideFilledIn(word: ShellWord, filler: FilledIn | undefined): string | undefined {
  const around = aroundPlaceholder(word, filler);
  if (around === undefined || !/^(?:\.\/+)*$/.test(around.before)) return undefined;
  const { after } = around;
  const plainNames = /^(?:\/+[A-Za-z0-9_+,=:@%~-][A-Za-z0-9._+,=:@%~-]*)+\/*$/.test(after);
  const wildcards = after.startsWith("/") && after.split("/").every((segment) => segment === "" || segment === "." || matchesEveryEntry(segment));
  return plainNames || wildcards ? after : undefined;
}

/**
 * What a removal handed a listing's names takes from its start folders. A word going on inside
 * each name (see insideFilledIn) removes that inside each start
 * folder printed itself (find's, pwd's, ls -d's: `{}/link/` empties where the link leads), and,
 * but for pwd's folder, the start folders go too, as with `{}` (a folder found may be one of
 * them). Of the entries ls prints it removes that inside each of them, a link among them followed
 * (`{}/dev` through `h -> /home`), and inside -a's `.` and `..`.
 */
function listedFoldersRemoved(part: ShellCommandPart, word: ShellWord, filler: FilledIn | undefined, from: NonNullable<FilledIn["from"]>, removal: boolean | undefined): PathSubject[] {
  const inside = insideFilledIn(word, filler);
  if (inside === undefined) return startFoldersRemoved(part, from, removal);
  if (removal !== true) return [];
  const searching = { ...part, cwd: from.cwd ?? part.cwd };
  // A link removed is the link (`{}/hd`), unless a slash after it leads on (`{}/hd/`).
  const placed = (value: string) => pathSubject(searching, { value, literal: true, glob: /[*?[]/.test(value) }, "write", { mentionedOnly: true, removal: true, linkAlone: true });
  const folders = from.folders.filter((folder) => folder.literal);
  if (from.entriesOnly === true) {
    // Every entry (hidden ones too, `..h` among them), and `.` and `..` themselves when -a printed them.
    const entries = folders.filter((folder) => folder.value !== "..").flatMap((folder) => ["*", ".[!.]*", "..?*"].flatMap((pattern) => placed(`${folder.value}/${pattern}${inside}`)));
    return [...entries, ...(folders.length > 1 ? folders.flatMap((folder) => placed(`${folder.value}${inside}`)) : [])];
  }
  const insideFolders = folders.flatMap((folder) => placed(`${folder.value}${inside}`));
  return from.itself === true ? insideFolders : [...startFoldersRemoved(part, from, removal), ...insideFolders];
}

/** Whether a filled-in word climbs out of what was filled in (`{}/../x`, `"$1"/../x`): the path it names is then above what the search found. */
function climbsAbovePlaceholder(word: ShellWord, filler: FilledIn | undefined): boolean {
  return /(?:^|\/)\.\.(?:\/|$)/.test(aroundPlaceholder(word, filler)?.after ?? "");
}

/** What a filled-in word reaches of what a search found: the entry itself, or (a word going on past the placeholder, `{}/key`) names below it. */
function reachedFrom(word: ShellWord, filler: FilledIn | undefined, names: string[] | undefined): { names?: string[]; below: boolean } {
  const placeholder = filler?.placeholder;
  if (names === undefined || typeof placeholder !== "string" || placeholder === "") return { names, below: false };
  const at = word.value.lastIndexOf(placeholder);
  // Quotes around plain text change nothing in it (`"{}"`, `"{}".bak`).
  const after = at === -1 ? "" : word.value.slice(at + placeholder.length).replace(/["']/g, "");
  if (after === "") return { names, below: false };
  // Text the shell expands after it (`"{}$X"`, `$(echo {})`): what it names is not known, so no name test holds.
  if (!/^[A-Za-z0-9._+,=:@%~\/-]*$/.test(after)) return { below: true };
  // `{}.bak` is a name that goes on: the search's names, lengthened; `{}/key` a name inside what it found.
  const slash = after.indexOf("/");
  const rest = slash === -1 ? after : after.slice(0, slash);
  return { names: rest === "" ? names : names.map((name) => `${name}${rest.replace(/[*?[\]\\{}]/g, "\\$&")}`), below: slash !== -1 };
}

/** A program's words with the program named as it is known (`rm` for `/bin/rm`). */
function byProgramName(words: readonly ShellWord[]): ShellWord[] {
  const [first, ...rest] = words;
  return first === undefined ? [] : [{ ...first, value: first.value.slice(first.value.lastIndexOf("/") + 1) }, ...rest];
}

/**
 * The arguments of a part's program that name files only known when it runs: its dynamic words,
 * and what find -exec, fd -x or xargs fill in, where the program reads (a read-only command's
 * files) or changes (a file command's targets) the files its arguments name, also past wrappers
 * (`xargs -0 sudo rm -rf`). What a program the analysis does not know is handed (`find . -name key
 * -exec base64 {} +`) is a mention of each file found, and what it reads or changes whole (`tar cf
 * x {}`, `rm -rf {}`) reaches the files inside a folder found by name.
 */
function unplacedArguments(part: ShellCommandPart, trust: SpareTrust, othersOnlyRead: () => boolean): PathSubject[] {
  const { words, filled, filler } = programWordsAsRun(part);
  if (words.every((word) => word.literal)) return [];
  // Each dynamic word stands in as a literal no path can be, so the classifiers say which are files.
  const standIns = new Map<string, ShellWord>();
  const stood = words.map((word, index) => {
    if (word.literal) return word;
    const value = `\u0000${index}`;
    standIns.set(value, word);
    return { value, literal: true, glob: false };
  });
  const found: { word: ShellWord; access: "read" | "write"; whole: boolean; removal?: boolean; source?: FilledIn }[] = [];
  const add = (path: ShellWord, access: "read" | "write", whole: boolean, removal?: boolean) => {
    const word = standIns.get(path.value);
    if (word !== undefined) found.push({ word, access, whole, ...(removal === true ? { removal } : {}) });
  };
  // The program, and each program it starts past a wrapper (`sudo rm -rf`, `env tar cf x`).
  const starts = [0, ...programStarts(stood).filter((index) => index > 0)];
  for (const start of starts) {
    const program = stood.slice(start);
    const first = program[0];
    if (first === undefined) continue;
    const named = byProgramName(program);
    const readOnly = classifyReadOnly(named);
    if (readOnly.readOnly) for (const path of readOnly.paths) add(path, "read", readOnly.recursive === true);
    const fileCommand = classifyFileCommand(named);
    if ("paths" in fileCommand) for (const path of fileCommand.paths) add(path, "write", fileCommand.wholeChanged.includes(path), fileCommand.removal);
    // Read or changed whole (`tar cf x {}`, `cp -r {} x`, `chmod -R u+w {}`), also when a classifier found it.
    for (const touch of wholeFolderTouches(named)) add(touch.word, touch.access, true, touch.removal);
  }
  const isFound = (word: ShellWord) => found.some((entry) => entry.word === word);
  // What the program's options or script say it reads or writes (`chmod 000 {}`, `tee {}`), as written.
  for (const touch of part.touches ?? []) {
    const word = [...filled].find((each) => each.value === touch.word.value);
    if (word !== undefined && !isFound(word)) found.push({ word, access: touch.access, whole: false });
  }
  // Any other filled-in word may be a file the program reads or changes, as a literal argument may,
  // unless the program only prints or tests names (`find . -exec echo {} +`).
  // Only the system's own (a script of that name, `./build/echo`, may do anything), and only the
  // words it is given: one a wrapper before it takes (`xargs -a{} echo`) is the wrapper's.
  const last = starts.at(-1) ?? 0;
  const nameOnly = NAME_ONLY_PROGRAMS.has((stood[last]?.value ?? "").replace(/^\/(?:usr\/)?bin\//, ""));
  for (const word of filled) {
    if (!isFound(word) && !(nameOnly && words.indexOf(word) > last)) found.push({ word, access: "read", whole: false });
  }
  // An xargs that find -exec runs (`-exec xargs -a{} echo`): find's names in its own options are files it may read.
  const outer = part.filledIn;
  if (outer !== undefined && outer !== filler) {
    for (const word of fillWords(part.words, { ...outer, appended: false }).filled) found.push({ word, access: "read", whole: false, source: outer });
  }
  const subjects: PathSubject[] = [];
  for (const { word, access, whole, removal, source } of found) {
    // `$HOME/x` and `$PWD/x` are mentioned by their likely spelling (below); read or changed whole
    // (`grep -r k "$PWD"`), that spelling is a folder whose every file is reached.
    const spelled = filled.has(word) || source !== undefined ? undefined : knownFolderSpelling(word.value, part.cwd);
    if (spelled !== undefined) {
      // Removed (`rm -rf $HOME`), it meets the check of critical paths too.
      const spelling = { value: spelled, literal: true, glob: word.glob || /[*?[]/.test(spelled) };
      if (whole) subjects.push(...pathSubject(part, spelling, access, { mentionedOnly: true, recursive: true, followsLinks: access === "read", ...(removal === true ? { removal: true } : {}) }));
      else if (removal === true) subjects.push(...pathSubject(part, spelling, access, { mentionedOnly: true, removal: true }));
      continue;
    }
    const listed = source !== undefined ? source.from : filled.has(word) ? filler?.from : undefined;
    // Names printed relative to another folder (`ls /`) name its entries only after that folder (`/{}`); otherwise they are any names.
    const from = listed?.namesIn === undefined || namesInFolder(textBeforePlaceholder(word, source ?? filler), listed.namesIn) ? listed : undefined;
    // Names split again at blanks (any path may arrive), text before what is filled in (`sX/key`
    // with X a name: a path the search never found), or a `..` after it (`{}/../key`, above what was
    // found): only known when it runs. With everything found removed, the start folders themselves still go.
    if (from === undefined || from.split === true || textBeforePlaceholder(word, source ?? filler) !== "" || climbsAbovePlaceholder(word, source ?? filler)) {
      if (from !== undefined) subjects.push(...listedFoldersRemoved(part, word, source ?? filler, from, removal));
      // A removal of a word only known when it runs meets the check of folders it may empty (`rm -rf "$X"/*`),
      // and what xargs fills in from input not known may be nothing (`xargs -I{} rm -rf ~/{} < list`: an empty
      // item at -0 or -d, a quoted empty line `''` otherwise).
      const placeholder = (source ?? filler)?.placeholder;
      // Also after another folder's name (`build/{}/../../x` where an empty item leaves `build//../../x`).
      const unknownChecks = from === undefined || from.namesIn !== undefined;
      const emptyFill = unknownChecks && filled.has(word) && typeof placeholder === "string" && placeholder !== "" ? { emptyFill: placeholder } : {};
      // A read of a word of loop items a glob covers (`cat "$f"/key` over `sec*`) is a read of what that glob names;
      // not past a `..`, which climbs out of a folder the command may make before it reads (`mkdir xd; ... "$d"/../secrets/key`).
      // Only while nothing else in the command writes: what it unpacks or checks out may match the glob only then.
      const covering = from === undefined && access === "read" && removal !== true && word.loopCovering !== undefined && !hasUnquotedExpansion(word.value)
        && !/(?:^|\/)\.\.(?:\/|$)/.test(word.loopCovering) && othersOnlyRead() ? word.loopCovering : undefined;
      // A read like any other: a link the command makes on the way is met too (`ln -s secrets z; for d in z*; do cat "$d"/key`).
      if (covering !== undefined) subjects.push(...pathSubject(part, { value: covering, literal: true, glob: /[*?[]/.test(covering) }, access));
      else subjects.push(...pathSubject(part, word, access, { mentionedOnly: true, unplaced: true, ...(removal === true && unknownChecks ? { removal: true, ...emptyFill } : {}) }));
      // An unquoted loop variable (`for f in ~/*; do rm -rf $f`) removes at least what its item names.
      if (removal === true) for (const item of word.splitItems ?? []) subjects.push(...pathSubject(part, item, access, { mentionedOnly: true, removal: true }));
      continue;
    }
    // A search's paths: any file under its folders that its name tests let through (or, handed
    // over whole or named below, that lies in a folder they let through), and what a symlink among
    // them leads to (the program handed the name opens the file it leads to).
    const searching = { ...part, cwd: from.cwd ?? part.cwd };
    const reached = reachedFrom(word, source ?? filler, from.names);
    const inFolders = reached.below || (whole && from.namedFolders === true);
    const names = reached.names === undefined ? {} : { names: reached.names, ...(inFolders ? { namedFolders: true } : {}) };
    subjects.push(...listedFoldersRemoved(part, word, source ?? filler, from, removal));
    for (const folder of from.folders.map((written) => placedFolder(written, searching.cwd))) {
      // A start folder only known when it runs goes too when what is found is removed (`find ~/"$X" -exec rm -rf {} +`).
      subjects.push(...pathSubject(searching, folder, access, folder.literal
        ? { mentionedOnly: true, recursive: true, followsLinks: true, ...names, ...spareField(trustedSpares(from.spares, part, trust)) }
        : { mentionedOnly: true, unplaced: true, ...(removal === true && !reached.below && (reached.names === undefined ? !inFolders : reached.names.every(matchesEveryEntry)) ? { removal: true } : {}) }));
    }
  }
  return subjects;
}

/** A search's start folder as it most likely is: spelled with the home or working folder's variable (`find "$HOME" -exec ...`), that folder. */
function placedFolder(written: ShellWord, cwd: ShellCwd): ShellWord {
  const spelled = written.literal ? undefined : knownFolderSpelling(written.value, cwd);
  return spelled === undefined ? written : { value: spelled, literal: true, glob: false };
}

/** Everything a search finds, removed (`find / -exec rm -rf {} +`): its start folders go with it, for the check of critical paths. */
function startFoldersRemoved(part: ShellCommandPart, from: NonNullable<FilledIn["from"]>, removal: boolean | undefined): PathSubject[] {
  if (removal !== true || from.selectsAll === undefined) return [];
  const searching = { ...part, cwd: from.cwd ?? part.cwd };
  return from.folders.map((written) => placedFolder(written, searching.cwd)).flatMap((folder) => pathSubject(searching, folder, "write", { mentionedOnly: true, removal: true, ...(from.selectsAll === "maybe" ? { mayEmpty: true } : {}) }));
}

/** Variables that point git at another repository, index or tree. */
const GIT_LOCATION_VARIABLES = ["GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_NAMESPACE"];

/** What in a command, or around it, stops git's and ripgrep's skipping from being relied on (worked out once per command). */
interface SpareTrust {
  /** Parts that run git and may change its index or tree (`git add -f . && git diff --cached`); a read-only one cannot. */
  gitChangers: readonly ShellCommandPart[];
  /** A variable points git elsewhere. */
  gitMoved: boolean;
  /** A ripgrep configuration file is named. */
  searchConfigured: boolean;
  /** GREP_OPTIONS or POSIXLY_CORRECT appears in the command: grep's --include may not limit what it reads. */
  grepConfigured: boolean;
}

function spareTrust(analysis: ShellAnalysis): SpareTrust {
  return {
    gitChangers: analysis.parts.filter((part) => part.words.some((word) => word.value.slice(word.value.lastIndexOf("/") + 1) === "git") &&
      !classifyReadOnly(allowForm(part).words).readOnly),
    gitMoved: /\bGIT_[A-Z_]+=/.test(analysis.command) || GIT_LOCATION_VARIABLES.some((name) => process.env[name] !== undefined),
    searchConfigured: analysis.command.includes("RIPGREP_CONFIG_PATH") || process.env.RIPGREP_CONFIG_PATH !== undefined,
    // As written or as the shell reads it (`env POSIX""LY_CORRECT=1`), in a variable set or a word.
    grepConfigured: GREP_CONFIGURATION.test(analysis.command) || analysis.parts.some((part) =>
      part.assignments.some((assignment) => GREP_CONFIGURATION.test(assignment.name)) || part.words.some((word) => GREP_CONFIGURATION.test(word.value))),
  };
}

/** The variables that change what grep's --include limits (GREP_OPTIONS adds options; in POSIX mode options after the files are files). */
const GREP_CONFIGURATION = /GREP_OPTIONS|POSIXLY_CORRECT/;

/**
 * What a whole-folder read or change may be taken to leave alone, as far as the command lets that
 * be known: git's index and ignore files only when no other part runs git (`git add -f . && git
 * diff --cached`) and no variable moves git elsewhere; ripgrep's and fd's ignore and hidden rules
 * only when no ripgrep configuration is named.
 */
function trustedSpares(spares: FolderSpares | undefined, part: ShellCommandPart, trust: SpareTrust): FolderSpares | undefined {
  if (spares === undefined) return undefined;
  const { untracked, gitIgnored, unlessIgnored, ignored, hidden } = spares;
  const git = trust.gitMoved || trust.gitChangers.some((other) => other !== part) ? {} : { untracked, gitIgnored, unlessIgnored };
  const search = trust.searchConfigured ? {} : { ignored, hidden };
  const kept = Object.fromEntries(Object.entries({ ...git, ...search }).filter(([, value]) => value === true)) as FolderSpares;
  return Object.keys(kept).length === 0 ? undefined : kept;
}

const spareField = (spares: FolderSpares | undefined) => (spares === undefined ? {} : { spares });

/** The only names a recursive read reaches (grep's --include), when nothing in the command can change that (a word known only when it runs, past a wrapper: `env $X grep`, may set POSIXLY_CORRECT). */
const namesField = (names: string[] | undefined, part: ShellCommandPart, trust: SpareTrust) =>
  (names === undefined || trust.grepConfigured || part.words.some((word) => !word.literal) ? {} : { names });

/** Every subject of a shell command, in the order they appear. */
export function shellSubjects(analysis: ShellAnalysis): Subject[] {
  const subjects: Subject[] = [];
  const made = new Map(analysis.parts.map((part) => [part, newNamesOf(part)]));
  const allNew = [...made.values()].flat();
  const trust = spareTrust(analysis);
  for (const part of analysis.parts) {
    const others = allNew.filter((name) => !made.get(part)?.includes(name));
    const start = subjects.length;
    subjects.push({ kind: "command", part });
    // A part found in code the analysis cannot read may run: its paths meet deny and ask rules only.
    const mentioned = part.mentionedOnly === true ? { mentionedOnly: true } : {};
    // A program named by its path (`/usr/bin/grep -r x .`) reads and writes what the program of that
    // name would, whatever that path holds (the part itself is judged as written).
    const words = byProgramName(allowForm(part).words);
    const judged = new Set<ShellWord>();
    const readOnly = classifyReadOnly(words);
    if (readOnly.readOnly) {
      for (const word of readOnly.paths) {
        judged.add(word);
        const spares = trustedSpares(readOnly.spares, part, trust);
        subjects.push(...pathSubject(part, word, "read", { ...(readOnly.recursive ? { recursive: true, followsLinks: readOnly.followsLinks, spares, ...namesField(readOnly.names, part, trust) } : {}), ...mentioned }));
      }
    } else {
      // A search its options keep from being read-only still reads its folders whole.
      const searched = searchedFolders(words);
      for (const word of searched?.folders ?? []) {
        if (word.literal) subjects.push(...pathSubject(part, word, "read", { mentionedOnly: true, recursive: true, followsLinks: searched?.followsLinks }));
      }
      const fileCommand = classifyFileCommand(words);
      if ("paths" in fileCommand) {
        for (const word of fileCommand.paths) {
          judged.add(word);
          // A folder removed or moved away changes every file in it: rules on those files meet it.
          const whole = fileCommand.wholeChanged.includes(word) ? { recursive: true, ...(fileCommand.linkAlone ? { linkAlone: true } : {}) } : {};
          subjects.push(...pathSubject(part, word, "write", { removal: fileCommand.removal, ...whole, ...mentioned }));
        }
      }
    }
    // A read-only search past a wrapper the allow form keeps (`sudo grep -r x .`, `env A=1 rg x`) still reads its folders whole.
    for (const start of programStarts(part.words).filter((index) => index > 0)) {
      // A removal past a wrapper (`sudo rm -rf /`, `sudo /bin/rm -rf /`) meets the check of critical paths too.
      const wrappedFiles = classifyFileCommand(byProgramName(part.words.slice(start)));
      if ("paths" in wrappedFiles && wrappedFiles.removal) {
        for (const word of wrappedFiles.paths) subjects.push(...pathSubject(part, word, "write", { removal: true, mentionedOnly: true }));
      }
      const wrapped = classifyReadOnly(byProgramName(part.words.slice(start)));
      if (!wrapped.readOnly || !wrapped.recursive) continue;
      const spares = trustedSpares(wrapped.spares, part, trust);
      for (const word of wrapped.paths) subjects.push(...pathSubject(part, word, "read", { mentionedOnly: true, recursive: true, followsLinks: wrapped.followsLinks, ...spareField(spares), ...namesField(wrapped.names, part, trust) }));
    }
    // What the program reads and writes because its options or script say so (`sed 'w x'`, `tee x`).
    for (const touch of part.touches ?? []) {
      // Standard streams and descriptors are not files a rule speaks about.
      if (touch.word.value === "" || touch.word.value === "-" || /^\/dev\/(?:null|stdout|stderr|stdin|tty|fd\/\d+)$/.test(touch.word.value)) continue;
      judged.add(touch.word);
      subjects.push(...pathSubject(part, touch.word, touch.access, mentioned));
    }
    // Whole folders (`tar cf - .`, `git checkout -- .`): deny and ask rules on any file under them meet the command.
    for (const folder of part.wholeFolders ?? []) {
      judged.add(folder.word);
      const spares = trustedSpares(folder.spares, part, trust);
      const whole = { mentionedOnly: true, recursive: true, ...(spares === undefined ? {} : { spares }), ...(folder.linkAlone === true ? { linkAlone: true } : {}), ...(folder.removal === true ? { removal: true } : {}), ...(folder.mayEmpty === true ? { mayEmpty: true } : {}), ...(folder.into === undefined ? {} : { movedInto: folder.into }) };
      subjects.push(...pathSubject(part, folder.word, folder.access, folder.word.literal ? whole : { mentionedOnly: true, unplaced: true }));
    }
    // Files named only when the command runs (`cat $(ls)`, `find -exec cat {}`, `xargs rm`): deny and ask rules on reading or changing cannot be shown to miss them.
    subjects.push(...unplacedArguments(part, trust, () => othersOnlyRead(analysis, part)));
    // Any other literal argument may be a file the command reads or changes; so may one that
    // starts with the home or working folder's variable, spelled out for deny and ask rules.
    // A word of loop items a glob covers (`"$f"/key` over `sec*`) is mentioned as that glob.
    for (const word of part.words.slice(1)) {
      if (word.value === "") continue;
      const value = word.literal ? (judged.has(word) ? undefined : word.value) : word.loopCovering ?? knownFolderSpelling(word.value);
      if (value === undefined) continue;
      const glob = word.glob || (word.loopCovering !== undefined && /[*?[]/.test(word.loopCovering));
      for (const spelling of mentionedSpellings(value)) {
        subjects.push(...pathSubject(part, { value: spelling, literal: true, glob }, "read", { mentionedOnly: true }));
      }
    }
    // An unquoted loop variable (`for f in secrets/*; do base64 $f`) names at least what its item names.
    for (const word of part.words.slice(1)) {
      for (const item of word.splitItems ?? []) subjects.push(...pathSubject(part, item, "read", { mentionedOnly: true }));
    }
    // Strings of code the analysis cannot read (`open(".env")`): deny and ask rules meet them.
    for (const text of part.mentions ?? []) {
      for (const value of mentionedSpellings(text.trim())) {
        if (value.length > 4096 || value.includes("\n")) continue;
        subjects.push(...pathSubject(part, { value, literal: true, glob: false }, "read", { mentionedOnly: true }));
      }
    }
    if (others.length > 0) for (const subject of subjects.slice(start)) if (subject.kind === "path") subject.newNames = others;
  }
  for (const redirect of analysis.redirects) {
    if (redirect.access === "write" && redirect.target.literal && redirect.target.value === "/dev/null") continue;
    for (const cwd of placements(redirect.cwd)) {
      subjects.push({
        kind: "path",
        access: redirect.access,
        word: redirect.target,
        cwd,
        label: `${redirect.operator} ${redirect.target.value}`,
        fromTool: false,
        // Which part a redirect belongs to is not kept: any name made anywhere in the command counts.
        newNames: allNew.length > 0 ? allNew : undefined,
      });
    }
  }
  return subjects;
}

/**
 * The rule text users would add to allow one part of `toolName`'s command: `Bash(git status)`.
 * None when the part has a `*` in it: in a rule that is a wildcard, so `Bash(rm *.o)` would allow
 * far more than the call (and rules have no way to write a plain `*`).
 */
export function suggestCommandRule(toolName: string, part: ShellCommandPart): string | undefined {
  const text = joinWords(allowForm(part).words);
  return text.includes("*") || text.trim() === "" ? undefined : `${toolName}(${text})`;
}
