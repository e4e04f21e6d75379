/**
 * What a `for` loop over words the analysis reads is judged by: its items, whether anything in
 * the command could set its variable by a name the text does not show, and which word of a round
 * stands for the item. collectCommandParts visits the body once per item.
 */
import { CODE_RUNNERS, inShellWords, VARIABLE_SETTERS } from "./shellBuiltins.ts";
import { evaluateFolderSpelledWord, evaluateWord, hasBraceExpansion, requiredAsPlain } from "./evaluateWord.ts";
import { matchesEveryEntry } from "./globNames.ts";
import type { ShellNode } from "./shellParser.ts";
import { MAX_SHELL_PARTS, type ShellAnalysis, type ShellCommandPart, type ShellWord } from "./types.ts";

/** The most rounds of `for` loops followed item by item, nested loops' rounds multiplied. */
export const MAX_LOOP_ROUNDS = 16;
/** Text that may change the folder a command runs in (a builtin, or a wrapper's or program's option). */
const CHANGES_FOLDER = /\b(?:cd|pushd|popd)\b|(?:^|\s)-(?:C|D)\b|--(?:chdir|directory|work-tree|git-dir)\b/;
/** The most parts a command may have while its loops are followed item by item (each round's parts count); past this a loop is visited once. */
export const MAX_PARTS_WITH_ROUNDS = 4 * MAX_SHELL_PARTS;

/**
 * Whether the name, found at `at` in `text` as a whole run of name characters (or at the end of a
 * longer one), is mentioned there in a way that cannot set it: `$name`, `${name}`, an option
 * letter (`-f`, `my-f`), or the end of a cluster of option letters none of which takes a variable's
 * name (`rm -rf`), never a value glued to such an option (`printf -vf`, `read -af`, `wait -pf`,
 * `compgen -Vf`: those letters in either case) or `--name` (arithmetic's decrement); `${name:?}` reads it. `name=x`,
 * `read name`, `${name:=x}`, `((name++))`, a trap's or a function's assignment and an inner
 * `for name` all mention it some other way.
 */
function onlyReads(text: string, at: number, run: string, name: string): boolean {
  const before = text.slice(0, at);
  const after = text.slice(at + run.length);
  if (run !== name) return !/[-+]$/.test(before) || (/(?:^|\s)-$/.test(before) && /^[A-Za-z]+$/.test(run) && !/[vapn]/i.test(run.slice(0, -name.length)));
  // `${name}` and `${name:?message}` only read it.
  return before.endsWith("$") || (before.endsWith("${") && (after.startsWith("}") || requiredAsPlain(`\${${name}${after}`).startsWith(`\${${name}}`))) || (/(?:^|[^-])-$/.test(before));
}

/** Where a name is mentioned in a parsed text otherwise than onlyReads allows, and where `for` headers name it. */
interface NameMentions {
  /** Where the name is written in a way that may set it. */
  unsafeAt: number[];
  headers: number[];
}

/**
 * How many of the mentions that may set the name lie outside text that runs in a subshell of its
 * own before the loop's body and cannot set the body's variable: a substitution in the loop's
 * header (`for f in $(find . -type f)`), or what feeds a `while` (see feedingSubshells).
 */
function unsafeMentions(mentions: NameMentions, subshells: readonly ShellNode[]): number {
  return mentions.unsafeAt.filter((at) => !subshells.some((node) => at >= node.startIndex && at < node.endIndex)).length;
}

/** The command substitutions in a for loop's header words. */
function headerSubstitutions(node: ShellNode): ShellNode[] {
  return node.childrenForFieldName("value").flatMap((value) => (value === null ? [] : [value, ...value.descendantsOfType("command_substitution")]))
    .filter((value): value is ShellNode => value !== null && value.type === "command_substitution");
}

/**
 * What feeds a while loop and runs in a subshell of its own: the commands before it in its
 * pipeline, and a process substitution it is redirected from (`done < <(find . -type f)`).
 */
function feedingSubshells(node: ShellNode): ShellNode[] {
  const found: ShellNode[] = [];
  let current: ShellNode = node;
  while (current.parent !== null && current.parent.type === "redirected_statement") {
    current = current.parent;
    found.push(...current.descendantsOfType("process_substitution").filter((each): each is ShellNode => each !== null && each.startIndex >= node.endIndex));
  }
  const pipeline = current.parent;
  if (pipeline === null || pipeline.type !== "pipeline") return found;
  const members = pipeline.namedChildren.filter((child): child is ShellNode => child !== null);
  return [...found, ...members.slice(0, members.findIndex((member) => member.startIndex === current.startIndex))];
}

/** Per parsed tree and name, worked out once: a command may hold many loops over the same name. */
const mentionsOfTree = new WeakMap<object, Map<string, NameMentions>>();

function mentionsOf(node: ShellNode, name: string): NameMentions {
  let byName = mentionsOfTree.get(node.tree);
  if (byName === undefined) mentionsOfTree.set(node.tree, (byName = new Map()));
  const known = byName.get(name);
  if (known !== undefined) return known;
  const root = node.tree.rootNode;
  const headers = root.descendantsOfType("for_statement").flatMap((loop) => {
    const variable = loop?.childForFieldName("variable");
    return variable === null || variable === undefined || variable.text !== name ? [] : [variable.startIndex];
  });
  const text = root.text;
  const unsafeAt: number[] = [];
  for (const found of text.matchAll(/[A-Za-z0-9_]+/g)) {
    const run = found[0];
    if (!run.endsWith(name)) continue;
    const at = found.index + run.length - name.length;
    if (!(run === name && headers.includes(at)) && !onlyReads(text, found.index, run, name)) unsafeAt.push(found.index);
  }
  const mentions = { unsafeAt, headers };
  byName.set(name, mentions);
  return mentions;
}

/**
 * The items of `for name in items; do body; done` when each is a word the analysis reads (a glob
 * included) and nothing in the command can set the variable while the body runs as far as its
 * text shows (onlyReads; an inner `for` of the same name counts): otherwise undefined. Only a
 * name bash never sets itself is followed (lower-case; `_`, REPLY, MAPFILE, BASH_REMATCH are
 * set by the shell), and not inside a loop visited once for all its rounds (a trap set late in a
 * while body runs before this loop's next round).
 */
export function loopItems(node: ShellNode, name: string, rounds: number, inRepeatedBody: boolean, outer?: ReadonlyMap<string, ShellWord>): ShellWord[] | undefined {
  const body = node.childForFieldName("body");
  const values = node.childrenForFieldName("value").filter((value): value is ShellNode => value !== null);
  if (body === null || values.length === 0 || values.length * rounds > MAX_LOOP_ROUNDS || !loopVariableKept(node, name, inRepeatedBody)) return undefined;
  const items: ShellWord[] = [];
  for (const value of values) {
    // An outer loop's item (`for f in "$d"/*` in a loop over d), or a glob every name it gives matches (`"$d"/k*`).
    const known = outer === undefined ? undefined : loopItemFor(value, outer) ?? loopItemJoined(value, outer);
    if (known !== undefined) {
      items.push({ value: known.value, literal: known.literal, glob: known.glob });
      continue;
    }
    const covering = outer === undefined ? undefined : loopItemCovering(value, outer);
    if (covering !== undefined) {
      items.push({ value: covering, literal: true, glob: /[*?[]/.test(covering) });
      continue;
    }
    let runs = false;
    let word = evaluateWord(value, () => (runs = true));
    // The working folder when the header runs is where a body that may change folders (in a subshell
    // or in the background too: `(cd src && rm -rf "$f")`) no longer runs: such an item stays unknown.
    if (!word.literal && /\bPWD\b|\bpwd\b/.test(value.text) && CHANGES_FOLDER.test(body.text)) return undefined;
    // `"$HOME"/*` is what `~/*` is, `"$PWD"/*` and `"$(pwd)"/*` what `./*` is.
    if (!word.literal) {
      let spelledRuns = false;
      const spelled = evaluateFolderSpelledWord(value, () => (spelledRuns = true));
      if (spelled !== undefined && !spelledRuns) [word, runs] = [spelled, false];
    }
    if (runs || word.problems.length > 0) return undefined;
    // A word only known when it runs stands as written (`"$PWD"/*`, `"$X"/*`): the body's `"$f"` is judged as that word.
    items.push({ value: word.value, literal: word.literal, glob: word.glob });
  }
  return items;
}

/**
 * Whether a for loop's variable keeps what the header gives it while the body runs, as far as
 * the command's text shows (see loopItems): a name bash never sets itself, nothing that may set it.
 */
export function loopVariableKept(node: ShellNode, name: string, inRepeatedBody: boolean): boolean {
  const body = node.childForFieldName("body");
  if (body === null || !/^[a-z][a-z0-9_]*$/.test(name) || inRepeatedBody) return false;
  const mentions = mentionsOf(node, name);
  return unsafeMentions(mentions, headerSubstitutions(node)) === 0 && !mentions.headers.some((at) => at > body.startIndex && at < body.endIndex);
}

/** What `while read` gives its variable, and whether each name arrives as printed: `IFS= read -r -d '' name` reads a NUL-separated listing whole. */
export interface ReadLoop {
  name: string;
  wholeAtNuls: boolean;
}

/**
 * The variable of `while read [-r] [-d ''] name; do body; done` when its condition is just that
 * (with `IFS=` at most before it) and nothing else in the command mentions the name in a way that
 * may set it (see loopItems): its body then runs once per name its input holds. Undefined otherwise.
 */
export function readLoop(node: ShellNode, inRepeatedBody: boolean): ReadLoop | undefined {
  const condition = node.childForFieldName("condition");
  const body = node.childForFieldName("body");
  // (`exec < file` in the body gives the later reads another input.)
  if (condition === null || body === null || condition.type !== "command" || inRepeatedBody || /\bexec\b/.test(body.text.replace(/["'\\]/g, ""))) return undefined;
  const assignments = condition.namedChildren.filter((child) => child?.type === "variable_assignment");
  if (assignments.some((assignment) => assignment?.text !== "IFS=")) return undefined;
  const words = condition.namedChildren.filter((child) => child !== null && child.type !== "variable_assignment").map((child) => (child as ShellNode).text);
  if (words[0] !== "read") return undefined;
  let raw = false;
  let nul = false;
  let index = 1;
  for (; index < words.length - 1; index++) {
    const word = words[index] as string;
    if (word === "-r") raw = true;
    else if ((word === "-d" || word === "-rd") && /^(?:''|""|\$'\\0')$/.test(words[index + 1] ?? "")) {
      raw ||= word === "-rd";
      nul = true;
      index++;
    } else return undefined;
  }
  const name = words[index];
  if (name === undefined || index !== words.length - 1 || !/^[a-z][a-z0-9_]*$/.test(name)) return undefined;
  // The condition's own read is the one mention that sets it.
  const mentions = mentionsOf(node, name);
  if (unsafeMentions(mentions, feedingSubshells(node)) !== 1 || mentions.headers.some((at) => at > body.startIndex && at < body.endIndex)) return undefined;
  return { name, wholeAtNuls: nul && raw && assignments.length === 1 };
}

/**
 * Whether a part may set a loop's variable `loopName` by a name its text does not show: in the
 * body, a builtin that sets variables with a word naming it however spelled (`read $'\\x66'`,
 * `printf -vf`, a callback's code) or only known when it runs (`read -r line` sets only line);
 * anywhere, a nameref (`declare -n`: a later assignment may set any variable), a trap, code the
 * analysis does not read (eval, source), or a command whose name is only known when it runs.
 */
export function maySetLoopVariable(part: ShellCommandPart, inBody: boolean, loopName: string): boolean {
  const words = inShellWords(part.words);
  const name = words[0];
  if (name === undefined) return false;
  if (!name.literal || CODE_RUNNERS.has(name.value) || name.value === "trap") return true;
  const rest = words.slice(1);
  if (["declare", "typeset", "local"].includes(name.value) && rest.some((word) => /^-[A-Za-z]*n/.test(word.value) || !word.literal)) return true;
  if (!inBody || !(VARIABLE_SETTERS.has(name.value) || name.value === "printf")) return false;
  if (name.value === "printf" && !rest.some((word) => word.value.startsWith("-v"))) return false;
  return rest.some((word) => !word.literal || word.value.includes(loopName));
}

/** How far the parts of an analysis were searched for one that may set a later loop's variable, and whether one was found. */
const searchedBefore = new WeakMap<ShellAnalysis, { upTo: number; found: boolean }>();

/** Whether a part before `end` may set a loop variable later (maySetLoopVariable): searched once, as parts are added. */
export function setsBefore(analysis: ShellAnalysis, end: number): boolean {
  let searched = searchedBefore.get(analysis);
  // Parts taken back (a loop visited again) may have held the one found: search again.
  if (searched === undefined || searched.upTo > end) searched = { upTo: 0, found: false };
  while (!searched.found && searched.upTo < end) {
    if (maySetLoopVariable(analysis.parts[searched.upTo] as ShellCommandPart, false, "")) searched.found = true;
    else searched.upTo++;
  }
  searchedBefore.set(analysis, searched);
  return searched.found;
}

/**
 * The item a loop variable stands for in this round, for a word that is only `"$name"` or
 * `"${name}"`, or the same unquoted when the item has nothing splitting or globbing would change
 * or is only known when it runs (what a listing prints, see collectWhile, or a word such as
 * `"$X"/*`), which the checks take as any path.
 */
export function loopItemFor(node: ShellNode, items: ReadonlyMap<string, ShellWord> | undefined): ShellWord | undefined {
  if (items === undefined) return undefined;
  const quoted = node.type === "string";
  const reference = quoted ? (node.namedChildCount === 1 ? node.namedChildren[0] : null) : node;
  if (reference === null || reference === undefined || (reference.type !== "simple_expansion" && reference.type !== "expansion")) return undefined;
  // A loop's name, or a script's positional parameter (`$1`, `${1}`, `"$@"`; see positionalItems).
  const name = referencedName(reference.text);
  const item = name === undefined ? undefined : items.get(name);
  if (item === undefined || (quoted && node.text !== `"${reference.text}"`)) return undefined;
  // Unquoted, the item is split and globbed again: only one neither changes (no blanks, no glob or
  // extglob characters), or one only known when it runs, which may be any path (see wordsOf).
  if (!quoted && item.literal && (item.glob || !/^[^\s*?[\]\\()]+$/.test(item.value))) return undefined;
  return item;
}

/**
 * What an unquoted `$name` stands for when loopItemFor does not give it because bash splits and
 * globs it again: a glob item's matches (the item), or the words an item with blanks splits into
 * (`"/usr /etc"` is /usr and /etc). It names at least those files.
 */
export function splitLoopItemFor(node: ShellNode, items: ReadonlyMap<string, ShellWord> | undefined): ShellWord[] | undefined {
  if (items === undefined || (node.type !== "simple_expansion" && node.type !== "expansion")) return undefined;
  const name = referencedName(node.text);
  const item = name === undefined ? undefined : items.get(name);
  if (item === undefined || !item.literal || loopItemFor(node, items) !== undefined) return undefined;
  if (item.glob) return [item];
  return item.value.split(/[ \t\n]+/).filter((piece) => piece !== "").map((piece) => ({ value: piece, literal: true, glob: /[*?[]/.test(piece) }));
}

/**
 * A glob every name a word of loops' literal items and literal text takes matches, for deny and
 * ask rules to meet it by where loopItemJoined does not give the word itself (`"$f"/key` over the
 * item `sec*` is the glob `sec*` then `/key`; quoted text's `*` and `?` match themselves too).
 * Undefined for any other word, and for quoted text with a `[` or a backslash, which the glob
 * would read otherwise.
 */
export function loopItemCovering(node: ShellNode, items: ReadonlyMap<string, ShellWord> | undefined): string | undefined {
  const pieces = loopPieces(node, items, true);
  if (pieces === undefined || pieces.some((piece) => !piece.glob && /[[\\]/.test(piece.text))) return undefined;
  return pieces.map((piece) => piece.text).join("");
}

/**
 * Literal text and then an item that stands for what a listing prints (`"./$f"` or `"/$f"` in
 * `while read f`), with at most slashes after it: a word that holds what the listing fills in,
 * judged as xargs' `-I{}` word with the same text before it is (`/{}`).
 */
export function placeholderJoined(node: ShellNode, items: ReadonlyMap<string, ShellWord> | undefined): ShellWord | undefined {
  const pieces = loopPieces(node, items, false, true);
  const at = pieces?.findIndex((piece) => piece.item !== undefined) ?? -1;
  if (pieces === undefined || at === -1 || pieces[at]?.item?.literal !== false) return undefined;
  const around = [...pieces.slice(0, at), ...pieces.slice(at + 1)];
  if (!pieces.slice(at + 1).every((piece) => /^\/*$/.test(piece.text)) || around.some((piece) => piece.item !== undefined)) return undefined;
  return { value: pieces.map((piece) => piece.text).join(""), literal: false, glob: false };
}

/** `"$f<text>"`, `"${f}<text>"` or `"$f"<text>`, the text plain characters with no slash. */
const BESIDE_ITEM = /^"\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})(?:([\w.+,@%=~-]+)"|"([\w.+,@%=~-]+))$/;

/**
 * For a word that is a loop's literal item followed by plain text (`"$f.bak"`, `"${f}"-old`):
 * the item and the text, which name a file beside each name the item stands for. Undefined for
 * any other word.
 */
export function besideLoopItem(node: ShellNode, items: ReadonlyMap<string, ShellWord> | undefined): { item: ShellWord; suffix: string } | undefined {
  if (items === undefined) return undefined;
  const match = BESIDE_ITEM.exec(node.text);
  const item = match === null ? undefined : items.get((match[1] ?? match[2]) as string);
  if (match === null || item === undefined || !item.literal) return undefined;
  return { item, suffix: (match[3] ?? match[4]) as string };
}

/** The loop's or script's name a reference spells (`$d`, `${d}`, `$1`, `"$@"`'s `@`), or undefined. */
function referencedName(text: string): string | undefined {
  // `${d:?}` is `$d` whenever the command runs at all.
  const name = /^\$(?:([A-Za-z_][A-Za-z0-9_]*|[0-9@])|\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|@)\})$/.exec(requiredAsPlain(text));
  return name === null ? undefined : (name[1] ?? name[2]);
}

/** One piece of a word made of loop items and text: an item's value, or literal text (quoted or not). */
interface WordPiece {
  text: string;
  item?: ShellWord;
  quoted: boolean;
  glob: boolean;
}

/** A double-quoted string's pieces: its quoted text and literal items (`"$d/etc"`, `"build$v"`); undefined when anything else is in it or no item is. */
function quotedPieces(node: ShellNode, items: ReadonlyMap<string, ShellWord>, placeholders = false): WordPiece[] | undefined {
  const pieces: WordPiece[] = [];
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "string_content") {
      pieces.push({ text: evaluateWord(child, () => {}).value, quoted: true, glob: false });
      continue;
    }
    const name = child.type === "simple_expansion" || child.type === "expansion" ? referencedName(child.text) : undefined;
    const item = name === undefined ? undefined : items.get(name);
    if (item === undefined || (!item.literal && !placeholders)) return undefined;
    pieces.push({ text: item.value, item, quoted: true, glob: item.glob });
  }
  return pieces.some((piece) => piece.item !== undefined) ? pieces : undefined;
}

/**
 * Whether what follows a glob item names only files there are: the matches themselves (`"$f"/`,
 * `"$f/."`) or everything in them to a bare wildcard (`"$f"/*`). Other text (`"$d/new"`, `"$f".bak`)
 * may name a file yet to be made, which no glob of it finds now.
 */
function namesOnlyMatches(tail: readonly WordPiece[]): boolean {
  if (tail.some((piece) => piece.item !== undefined || (piece.quoted && !/^[/.]*$/.test(piece.text)))) return false;
  const segments = tail.map((piece) => piece.text).join("").split("/");
  return segments[0] === "" && segments.every((segment) => segment === "" || segment === "." || matchesEveryEntry(segment));
}

/**
 * A word's pieces, when it is made of loops' literal items (one at least) and literal text only;
 * with `unquoted`, an item bash splits and globs again counts as its text too (`$f/key`), which
 * names the same files as long as no name it stands for holds a blank or a wildcard.
 */
function loopPieces(node: ShellNode, items: ReadonlyMap<string, ShellWord> | undefined, unquoted = false, placeholders = false): WordPiece[] | undefined {
  if (items === undefined || (node.type !== "concatenation" && node.type !== "string") || hasBraceExpansion(node.text)) return undefined;
  const nodes = node.type === "string" ? [node] : node.namedChildren.filter((child): child is ShellNode => child !== null);
  const pieces: WordPiece[] = [];
  for (const [index, piece] of nodes.entries()) {
    const item = loopItemFor(piece, items) ?? (unquoted ? splitLoopItemFor(piece, items)?.find((each) => each.glob) : undefined);
    if (item !== undefined) {
      if (!item.literal && !placeholders) return undefined;
      pieces.push({ text: item.value, item, quoted: piece.type === "string", glob: item.glob });
      continue;
    }
    const quoted = piece.type === "string" ? quotedPieces(piece, items, placeholders) : undefined;
    if (quoted !== undefined) {
      pieces.push(...quoted);
      continue;
    }
    let runs = false;
    // A tilde starts a home folder's name only when no quote comes before the first slash (`~"$d"` is a name starting with ~).
    const literal = evaluateWord(piece, () => (runs = true), index === 0 && (nodes.length === 1 || !piece.text.startsWith("~") || piece.text.includes("/")));
    if (runs || !literal.literal || literal.problems.length > 0) return undefined;
    pieces.push({ text: literal.value, quoted: piece.type !== "word", glob: literal.glob });
  }
  return pieces.some((piece) => piece.item !== undefined) ? pieces : undefined;
}

/**
 * A word made of loops' literal items and literal text (`"$d"/*`, `"$f/"`, `$d/build`,
 * `out/"$v"/*`, `"$a$b"`): the items' values with that text, a glob when an item or an unquoted
 * part is one. A glob item (each file it matches) is followed only when it starts the word and
 * the text after it names nothing new (see namesOnlyMatches). Undefined for any other word, and for
 * one that is only an item (see loopItemFor).
 */
export function loopItemJoined(node: ShellNode, items: ReadonlyMap<string, ShellWord> | undefined): ShellWord | undefined {
  const pieces = loopPieces(node, items);
  if (pieces === undefined) return undefined;
  const withItems = pieces.filter((piece) => piece.item !== undefined);
  // `./` before a glob item names the same files (`"./$f"` over `*` is `./*`).
  const lead = pieces.findIndex((piece) => piece.item !== undefined || !/^(?:\.\/+)*$/.test(piece.text));
  if (withItems.some((piece) => piece.item?.glob === true) && (lead === -1 || pieces[lead]?.item?.glob !== true || !namesOnlyMatches(pieces.slice(lead + 1)))) return undefined;
  const glob = pieces.some((piece) => piece.glob);
  // In a glob, what a quoted piece or a plain item holds of `*`, `?` and `[` would be read as wildcards: not followed.
  if (glob && pieces.some((piece) => !piece.glob && /[*?[]/.test(piece.text))) return undefined;
  return { value: pieces.map((piece) => piece.text).join(""), literal: true, glob };
}

/**
 * What in a script may change its positional parameters, or give some of its code others: `set`,
 * `shift`, `getopts`, bash's BASH_ARGV0, a function, code read from elsewhere. Read with quotes and
 * backslashes removed (`sh\ift`, `s""et` are shift and set).
 */
const CHANGES_POSITIONAL = /\b(?:set|shift|getopts|function|source|eval|alias|BASH_ARGV0|BASH_ARGV|exec)\b|\(\s*\)|(?:^|[\s;&|(])\.\s/;

/**
 * A `sh -c` script's positional parameters as loop items (`$0`, `$1`, ..., and `"$@"` when it is
 * one word), when nothing in the script can change them and each word is one word when it runs (no
 * expansion that splits, no glob; what a search fills in is one name, or the names xargs appends
 * last): `sh -c 'rm -rf "$1"' _ ~` removes the home folder.
 */
export function positionalItems(script: string, positional: readonly ShellWord[], filled?: ShellWord): Map<string, ShellWord> | undefined {
  if (positional.length === 0 || CHANGES_POSITIONAL.test(script.replace(/["'\\]/g, ""))) return undefined;
  if (positional.some((word) => word !== filled && (!word.literal || word.glob))) return undefined;
  const items = new Map<string, ShellWord>(positional.map((word, index) => [String(index), word]));
  if (positional.length === 2) items.set("@", positional[1] as ShellWord);
  return items;
}
