/**
 * Walks a bash syntax tree and collects every simple command in it, wherever it hides: behind
 * `;`, `&&`, `||`, `|`, `|&`, `&` and newlines, in `{ }` and `( )`, in `$( )`, backticks,
 * `<( )` and `>( )`, in here-documents, and in the bodies of loops and functions. Redirections
 * are collected with the folder they act in, so a `cd` before a relative write is followed, and
 * a `cd` that bash runs in a subshell (a pipeline part, `( )`, a `&` job) moves nothing after it.
 */
import { dynamicProgramPastWrappers, elsewhereWrapper, exactProgramStarts, holdsPlaceholder, sudoShellOption } from "./commandForms.ts";
import { besideLoopItem, placeholderJoined, loopItemCovering, loopItemFor, loopItemJoined, loopItems, loopVariableKept, MAX_LOOP_ROUNDS, splitLoopItemFor, MAX_PARTS_WITH_ROUNDS, maySetLoopVariable, readLoop, setsBefore } from "./loopItems.ts";
import { CODE_RUNNERS, inShellWords, PLAIN_SETTER_OPTIONS, VARIABLE_SETTERS } from "./shellBuiltins.ts";
import { evaluateWord, findSubstitutions, requiredAsPlain } from "./evaluateWord.ts";
import { outputOf } from "./pipelineInput.ts";
import { changesLaterCommands } from "./programs/variableEffects.ts";
import type { ShellNode } from "./shellParser.ts";
import type { FilledIn, KnownCwd, ShellAnalysis, ShellCommandPart, ShellCwd, ShellInput, ShellWord } from "./types.ts";

/** Statements run one after another in the same shell. */
const SEQUENCES = new Set(["program", "list", "compound_statement", "do_group", "negated_command"]);
const CONTROL_FLOW = new Set([
  "if_statement", "elif_clause", "else_clause", "while_statement", "for_statement", "c_style_for_statement",
  "case_statement", "case_item", "function_definition",
]);
/**
 * Control flow whose every statement the walk visits and judges like any other part. What stays a
 * problem (asked): function bodies (they run later, wherever the folder is then) and C-style
 * `for ((...))` (arithmetic can run commands through array subscripts).
 */
const FOLLOWED_FLOW = new Set(["elif_clause", "else_clause", "case_item"]);
const FOLLOWED_LOOPS = new Set(["while_statement", "for_statement"]);
const REDIRECTS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);
const WRITE_OPERATORS = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&", "&>|"]);
const STATEMENTS = new Set([
  ...SEQUENCES, "pipeline", "subshell", ...CONTROL_FLOW, ...REDIRECTS, "command", "redirected_statement", "variable_assignment",
  "variable_assignments", "declaration_command", "unset_command", "test_command", "ERROR",
]);

export interface CollectState {
  analysis: ShellAnalysis;
  cwd: ShellCwd;
  via?: string;
  /** The standard input of the next simple command, when the command line shows it. */
  stdin?: ShellInput;
  /** The standard input a redirection of a whole pipeline gives its last command (`a | b < file`). */
  lastStdin?: ShellInput;
  /** What a while loop reads from a listing redirected into it (`done < <(find ...)`). */
  loopInput?: { loop: ShellNode; paths: NonNullable<ShellInput["paths"]> };
  /** Called after each part is added, so callers can look inside it (`bash -c`, `find -exec`). */
  onPart(part: ShellCommandPart, state: CollectState): void;
  /** Parses text bash itself parses again (backticks with escapes inside). */
  parseNested(text: string, via: string, state: CollectState): void;
  /** Where the last simple cd leaves the shell when it fails: where it was, only while its target is missing. */
  cdFailure?: readonly KnownCwd[];
  /** An earlier part may have set shell variables (`printf -v`, `read`, `declare`, ...): CDPATH among them. */
  variablesMayChange?: boolean;
  /** Who fills in words of every part here when it runs: the search a `sh -c` script or a `while read` loop gets its names from. */
  filledIn?: FilledIn;
  /** In a round of a `for` loop followed item by item: what each loop variable stands for (see collectFor). */
  loopItems?: ReadonlyMap<string, ShellWord>;
  /** How many rounds the loops around this point are followed in, all multiplied. */
  loopRounds?: number;
  /** Inside a loop visited once for all its rounds (a while loop, or a for loop not followed item by item). */
  inRepeatedBody?: boolean;
  /** Where a command timed by bash's `time` keyword starts in the text (the keyword blanked out), with the keyword's words (each of nested ones, and them together). */
  timed?: ReadonlyMap<number, readonly (readonly string[])[]>;
}

/** Visits one statement node (and everything below it). */
export function collectStatement(node: ShellNode, state: CollectState): void {
  const type = node.type;
  if (type === "comment" || type === "heredoc_body" && node.namedChildCount === 0) return;
  if (type === "list") return collectAndMerge(node, state);
  if (SEQUENCES.has(type)) return collectSequence(node, state);
  if (type === "pipeline") return void collectPipeline(node.namedChildren, state, undefined);
  if (type === "subshell") return inSubshell(state, () => collectSequence(node, state));
  if (type === "command") return collectCommand(node, [], state);
  if (type === "redirected_statement") return collectRedirected(node, state);
  if (type === "variable_assignment" || type === "variable_assignments") {
    const part = newPart(node, state);
    part.assignments = collectAssignments(node.type === "variable_assignment" ? [node] : node.namedChildren, part, state);
    part.problems.push(`the assignment ${node.text} changes the shell for the commands after it`);
    return addPart(part, state);
  }
  if (type === "declaration_command" || type === "unset_command") {
    const part = newPart(node, state);
    const keyword = node.child(0)?.text ?? type;
    part.words = [{ value: keyword, literal: true, glob: false }, ...wordsOf(node.namedChildren, part, state)];
    if (state.variablesMayChange) part.problems.push(`an earlier part of the command may set shell variables, which can change what "${clip(part.source)}" does`);
    if (setsRiskyVariables(part.words)) state.variablesMayChange = true;
    return addPart(part, state);
  }
  if (type === "test_command") return collectTest(node, state);
  if (REDIRECTS.has(type)) return collectRedirect(node, state);
  if (type === "if_statement") return collectIf(node, state);
  if (type === "case_statement") return collectCase(node, state);
  if (type === "for_statement") return collectFor(node, state);
  if (type === "while_statement") return collectWhile(node, state);
  if (FOLLOWED_LOOPS.has(type)) return collectOnce(node, state);
  if (FOLLOWED_FLOW.has(type)) return collectFlow(node, state);
  const what = CONTROL_FLOW.has(type) ? `a ${type.replace(/_/g, " ")}` : `shell syntax toolshed does not follow ("${type}")`;
  state.analysis.problems.push(`it has ${what}: ${JSON.stringify(clip(node.text))}`);
  collectInside(node, state);
}

/** Runs `collect` as bash runs a subshell: a `cd` inside moves nothing after it. */
function inSubshell(state: CollectState, collect: () => void): void {
  const before = state.cwd;
  collect();
  state.cwd = before;
}

/** Folders a command may be in that are followed one by one; past this, the folder is unknown. */
const MAX_FOLDER_CANDIDATES = 16;

/** Each folder once; undefined (not known) when there are too many to follow: `cd a; cd a; ...` doubles them. */
function distinct(folders: readonly KnownCwd[]): KnownCwd[] | undefined {
  const seen = new Map<string, KnownCwd>();
  for (const folder of folders) {
    seen.set(JSON.stringify(folder), folder);
    if (seen.size > MAX_FOLDER_CANDIDATES) return undefined;
  }
  return [...seen.values()];
}

/** Whether a statement is `exit`: the shell ends there (`cd x || exit`: the rest runs only in x). */
function endsTheShell(node: ShellNode): boolean {
  if (node.type !== "command") return false;
  const name = node.childForFieldName("name")?.text ?? node.namedChildren[0]?.text;
  return name === "exit";
}

/** Folders the shell may be in (undefined: not known), and why not known when that is so. */
interface Folders {
  folders: readonly KnownCwd[] | undefined;
  reason?: string;
}

function foldersOf(cwd: ShellCwd): Folders {
  return cwd.kind === "unknown" ? { folders: cwd.candidates, reason: cwd.reason } : { folders: [cwd] };
}

function union(a: Folders, b: Folders): Folders {
  const reason = a.reason ?? b.reason;
  if (a.folders === undefined || b.folders === undefined) return { folders: undefined, reason };
  return { folders: distinct([...a.folders, ...b.folders]), reason };
}

/** The working folder for what runs next, from the folders it may be in. */
function cwdOf(where: Folders, fallback: ShellCwd, because: string): ShellCwd {
  const { folders } = where;
  if (folders === undefined) return { kind: "unknown", reason: where.reason ?? because };
  if (folders.length === 0) return fallback; // Nothing runs on (after exit): any folder will do.
  const only = folders.length === 1 ? folders[0] : undefined;
  if (only !== undefined && !(only.kind === "changed" && only.unlessExists !== undefined)) return only;
  return { kind: "unknown", reason: where.reason ?? because, candidates: folders };
}

/** Where a statement may leave the shell when it succeeds, and when it fails. */
interface Outcome {
  success: Folders;
  failure: Folders;
}

const MAY_FAIL = "a cd may fail and what follows still run, so the working folder is one of several (join the commands with && to be sure)";

/**
 * Runs one statement from the current folder and says where it may leave the shell. In
 * `a && b`, b runs where a succeeded; in `a || b`, where a failed; after either, and after
 * `a; b`, what follows may run wherever it ended (`cd secrets && cd nope; cat key` may read
 * secrets/key). A cd that fails leaves the folder as it was; `exit` ends the shell.
 */
/** A comment is not a statement: `ls && # note` runs what comes on the next line. */
function isStatement(child: ShellNode): boolean {
  return child.isNamed && child.type !== "comment";
}

function runStatement(node: ShellNode, state: CollectState): Outcome {
  if (node.type === "list") {
    const children = node.children.filter((child): child is ShellNode => child !== null);
    const operatorAt = children.findIndex((child) => !child.isNamed && (child.type === "&&" || child.type === "||"));
    const left = children.slice(0, operatorAt).findLast(isStatement);
    const right = children.slice(operatorAt + 1).find(isStatement);
    if (operatorAt !== -1 && left !== undefined && right !== undefined) {
      const start = state.cwd;
      const first = runStatement(left, state);
      const and = children[operatorAt]?.type === "&&";
      state.cwd = cwdOf(and ? first.success : first.failure, start, MAY_FAIL);
      const second = runStatement(right, state);
      return and
        ? { success: second.success, failure: union(first.failure, second.failure) }
        : { success: union(first.success, second.success), failure: second.failure };
    }
  }
  const before = state.cwd;
  state.cdFailure = undefined;
  if (node.type === "list") collectSequence(node, state);
  else collectStatement(node, state);
  const cdFailure = state.cdFailure;
  state.cdFailure = undefined;
  if (node.type === "command" && endsTheShell(node)) return { success: { folders: [] }, failure: { folders: [] } };
  const after = state.cwd;
  if (after === before) return { success: foldersOf(before), failure: foldersOf(before) };
  // A simple cd that fails stays where it was (while its target is missing); a compound statement may stop anywhere it went.
  if (node.type === "command") return { success: foldersOf(after), failure: cdFailure === undefined ? foldersOf(before) : { folders: cdFailure } };
  return { success: foldersOf(after), failure: union(foldersOf(before), foldersOf(after)) };
}

/** Statements one after another; one ended by `&` runs in the background, in a subshell. */
function collectSequence(node: ShellNode, state: CollectState): void {
  collectStatements(node.children.filter((child): child is ShellNode => child !== null), state);
}

/** The statements among `children` (keywords and separators skipped), one after another. */
function collectStatements(children: readonly ShellNode[], state: CollectState): void {
  children.forEach((child, index) => {
    if (!child.isNamed) return;
    if (children[index + 1]?.type === "&") return inSubshell(state, () => collectStatement(child, state));
    collectAndMerge(child, state);
  });
}

/** Runs a statement; what follows it runs wherever it may have left the shell, succeeding or not. */
function collectAndMerge(node: ShellNode, state: CollectState): void {
  const before = state.cwd;
  const outcome = runStatement(node, state);
  state.cwd = cwdOf(union(outcome.success, outcome.failure), before, MAY_FAIL);
}

/**
 * An if (or elif) clause's condition and body: the body runs where the condition succeeded; the
 * next clause, where it failed. Returns where the shell may be after the body, and where the
 * condition failed.
 */
function collectClause(children: readonly ShellNode[], state: CollectState): { end: Folders; failed: Folders } {
  const thenAt = children.findIndex((child) => !child.isNamed && child.type === "then");
  const condition = children.slice(0, thenAt === -1 ? children.length : thenAt);
  const last = condition.filter((child) => child.isNamed).at(-1);
  const start = state.cwd;
  collectStatements(condition.filter((child) => child !== last), state);
  const outcome = last === undefined ? { success: foldersOf(state.cwd), failure: foldersOf(state.cwd) } : runStatement(last, state);
  state.cwd = cwdOf(outcome.success, start, MAY_FAIL);
  const body = thenAt === -1 ? [] : children.slice(thenAt + 1).filter((child) => child.type !== "elif_clause" && child.type !== "else_clause");
  collectStatements(body, state);
  return { end: foldersOf(state.cwd), failed: outcome.failure };
}

/** `if a; then b; elif c; then d; else e; fi`: each branch judged from where it runs (else, where every condition failed). */
function collectIf(node: ShellNode, state: CollectState): void {
  const start = state.cwd;
  const children = node.children.filter((child): child is ShellNode => child !== null);
  const first = collectClause(children, state);
  const ends: Folders[] = [first.end];
  let failed = first.failed;
  let hasElse = false;
  for (const clause of children.filter((child) => child.type === "elif_clause" || child.type === "else_clause")) {
    state.cwd = cwdOf(failed, start, MAY_FAIL);
    const parts = clause.children.filter((child): child is ShellNode => child !== null);
    if (clause.type === "else_clause") {
      hasElse = true;
      collectStatements(parts, state);
      ends.push(foldersOf(state.cwd));
    } else {
      const next = collectClause(parts, state);
      ends.push(next.end);
      failed = next.failed;
    }
  }
  if (!hasElse) ends.push(failed);
  state.cwd = cwdOf(ends.reduce(union), start, `after the if statement the working folder is not known`);
}

/**
 * `case`: each item's statements run from where the case starts; when none matches, nothing
 * runs. An item ended by `;&` runs on into the next item's statements, and one ended by `;;&`
 * goes on matching, so the next item may also start where that one ended.
 */
function collectCase(node: ShellNode, state: CollectState): void {
  const start = state.cwd;
  const ends: Folders[] = [foldersOf(start)];
  let carried: Folders | undefined;
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type !== "case_item") {
      collectInside(child, state);
      continue;
    }
    state.cwd = carried === undefined ? start : cwdOf(union(foldersOf(start), carried), start, `after the case statement the working folder is not known`);
    const parts = child.children.filter((part): part is ShellNode => part !== null);
    const bodyAt = parts.findIndex((part) => !part.isNamed && part.type === ")");
    for (const pattern of parts.slice(0, bodyAt)) if (pattern.isNamed) collectInside(pattern, state);
    collectStatements(parts.slice(bodyAt + 1), state);
    const end = foldersOf(state.cwd);
    ends.push(end);
    const goesOn = parts.some((part) => !part.isNamed && (part.type === ";&" || part.type === ";;&"));
    carried = goesOn ? (carried === undefined ? end : union(carried, end)) : undefined;
  }
  state.cwd = cwdOf(ends.reduce(union), start, `after the case statement the working folder is not known`);
}

/**
 * The parts of a pipeline: each runs in a subshell that starts in the pipeline's folder, and each
 * reads what the one before it writes. Returns the folder the last part started in.
 */
function collectPipeline(elements: readonly (ShellNode | null)[], state: CollectState, firstInput: ShellInput | undefined): ShellCwd {
  const start = state.cwd;
  let input = firstInput;
  const last = elements.findLast((element) => element !== null && element.isNamed);
  const lastStdin = state.lastStdin;
  state.lastStdin = undefined;
  for (const element of elements) {
    if (element === null) continue;
    const before = state.analysis.parts.length;
    state.cwd = start;
    state.stdin = element === last ? lastStdin ?? input : input;
    collectStatement(element, state);
    state.stdin = undefined;
    input = outputOf(state.analysis.parts.length > before ? state.analysis.parts.at(-1) : undefined);
  }
  state.cwd = start;
  return start;
}

/**
 * Visits an `if`, `case` or loop. Its branches may or may not run, so a `cd` inside leaves the
 * folder after it unknown; in a loop body a `cd` also changes the folder of the body's earlier
 * statements on the next round, which one pass cannot judge: that is asked.
 */
function collectFlow(node: ShellNode, state: CollectState): void {
  const before = state.cwd;
  collectInside(node, state);
  if (state.cwd === before) return;
  const label = node.type.replace(/_/g, " ");
  if (FOLLOWED_LOOPS.has(node.type)) {
    state.analysis.problems.push(`its ${label} changes the working folder between rounds: ${JSON.stringify(clip(node.text))}`);
  }
  state.cwd = { kind: "unknown", reason: `after the ${label} the working folder is not known` };
}

/** Where a loop's visit began: what it found so far and the state it may change, to visit it again another way. */
interface SavePoint {
  parts: number;
  redirects: number;
  problems: number;
  cwd: ShellCwd;
  variablesMayChange: boolean | undefined;
  cdFailure: readonly KnownCwd[] | undefined;
  stdin: ShellInput | undefined;
}

function savePoint(state: CollectState): SavePoint {
  const { analysis } = state;
  return { parts: analysis.parts.length, redirects: analysis.redirects.length, problems: analysis.problems.length, cwd: state.cwd, variablesMayChange: state.variablesMayChange, cdFailure: state.cdFailure, stdin: state.stdin };
}

/** Drops what was found since `saved` and puts the state back, the input too when `input` (a read loop reads it again). */
function goBack(state: CollectState, saved: SavePoint, input = false): void {
  const { analysis } = state;
  analysis.parts.length = saved.parts;
  analysis.redirects.length = saved.redirects;
  analysis.problems.length = saved.problems;
  Object.assign(state, { cwd: saved.cwd, variablesMayChange: saved.variablesMayChange, cdFailure: saved.cdFailure, ...(input ? { stdin: saved.stdin } : {}) });
}

/**
 * A `for` loop over words the analysis reads: its body is visited once per item, `"$name"` (and
 * a bare `$name` whose item splitting and globbing leave as it is) standing for the item, and a
 * glob item for every file it matches, so `for f in src/*.ts; do wc -l "$f"; done` is judged as
 * `wc -l src/*.ts` is. Any other loop is visited once, `$name` only known when it runs.
 */
function collectFor(node: ShellNode, state: CollectState): void {
  const name = node.childForFieldName("variable")?.text;
  const body = node.childForFieldName("body");
  // The header sets its variable as an assignment does (`for IFS in x`, `for GLOBIGNORE in x`).
  if (name !== undefined && changesLaterCommands(name)) state.variablesMayChange = true;
  // A select's variable is empty when the reply names no item: only a for loop's items are followed.
  const select = node.child(0)?.type === "select";
  // What bash cannot expand as the analysis would (`~+`) makes the command one it cannot check, in the header too.
  for (const value of node.childrenForFieldName("value")) {
    if (value !== null) for (const problem of evaluateWord(value, () => {}).problems) if (!state.analysis.problems.includes(problem)) state.analysis.problems.push(problem);
  }
  const items = name === undefined || body === null || select ? undefined : loopItems(node, name, state.loopRounds ?? 1, state.inRepeatedBody === true, state.loopItems);
  if (name !== undefined && body !== null && !select && items === undefined && collectListingLoop(node, name, state)) return;
  if (name === undefined || body === null || items === undefined) return collectOnce(node, state);
  const saved = savePoint(state);
  collectRounds(node, { name, body, rounds: items.map((item) => ({ item })), saved, bodyStart: saved.parts }, state);
}

/** The rounds of a loop's body: its variable standing for each item in turn, and what fills words in while it does. */
interface LoopRounds {
  name: string;
  body: ShellNode;
  rounds: readonly { item: ShellWord; filler?: FilledIn }[];
  saved: SavePoint;
  /** Where the body's parts start (past what the header's substitutions added). */
  bodyStart: number;
}

/**
 * Visits a loop's body once per round. Too many parts to follow round by round, or a builtin that
 * sets variables by a name the text does not show: the body is visited again, once, the variable
 * only known when it runs. A body that changes the working folder between rounds is asked about.
 */
function collectRounds(node: ShellNode, loop: LoopRounds, state: CollectState): void {
  const { analysis } = state;
  const { name, body, saved } = loop;
  const outer = { loopItems: state.loopItems, filledIn: state.filledIn, loopRounds: state.loopRounds };
  let moved = false;
  state.loopRounds = (outer.loopRounds ?? 1) * loop.rounds.length;
  try {
    loop.rounds.forEach(({ item, filler }, round) => {
      if (analysis.parts.length > MAX_PARTS_WITH_ROUNDS) return;
      const start = analysis.parts.length;
      state.cwd = saved.cwd;
      state.loopItems = new Map([...(outer.loopItems ?? []), [name, item]]);
      state.filledIn = filler ?? outer.filledIn;
      collectStatement(body, state);
      moved ||= state.cwd !== saved.cwd;
      if (round > 0) for (const part of analysis.parts.slice(start)) part.repeated = true;
    });
  } finally {
    state.loopItems = outer.loopItems;
    state.filledIn = outer.filledIn;
    state.loopRounds = outer.loopRounds;
  }
  if (analysis.parts.length > MAX_PARTS_WITH_ROUNDS || setsBefore(analysis, saved.parts) || analysis.parts.slice(loop.bodyStart).some((part) => maySetLoopVariable(part, true, name))) {
    goBack(state, saved);
    return collectOnce(node, state);
  }
  state.cwd = saved.cwd;
  if (!moved) return;
  analysis.problems.push(`its for statement changes the working folder between rounds: ${JSON.stringify(clip(node.text))}`);
  state.cwd = { kind: "unknown", reason: "after the for statement the working folder is not known" };
}

/**
 * `for f in $(ls) x; do body; done`: a loop whose items hold what a listing prints runs its body
 * once per item, `"$f"` standing, in a listing's round, for what the listing printed, split at
 * blanks, as in the words xargs runs (`./$(ls)` for each name after `./`), and otherwise for the
 * literal item. False (nothing collected) for any other loop: an item only known when it runs
 * otherwise, or one that holds more than one substitution or one that lists nothing.
 */
function collectListingLoop(node: ShellNode, name: string, state: CollectState): boolean {
  const values = node.childrenForFieldName("value").filter((value): value is ShellNode => value !== null);
  const body = node.childForFieldName("body");
  if (body === null || values.length === 0 || values.length * (state.loopRounds ?? 1) > MAX_LOOP_ROUNDS || !loopVariableKept(node, name, state.inRepeatedBody === true)) return false;
  const saved = savePoint(state);
  // The header's substitutions run once, before the rounds.
  const rounds: { item: ShellWord; filler?: FilledIn }[] = [];
  let listings = 0;
  for (const value of values) {
    const substitutions: ShellNode[] = [];
    const word = evaluateWord(value, (substitution) => substitutions.push(substitution));
    if (word.problems.length > 0) return undoListingLoop(state, saved);
    if (substitutions.length === 0) {
      if (!word.literal) return undoListingLoop(state, saved);
      rounds.push({ item: { value: word.value, literal: true, glob: word.glob } });
      continue;
    }
    const [listed, ...more] = substitutions.flatMap((substitution) => listedBySubstitution(substitution, state));
    // A listing among others in one item (`$(ls; ls)`, `$(ls)$(ls)`) is more than the analysis follows.
    if (listed !== undefined && (more.length > 0 || substitutions.length > 1)) return undoListingLoop(state, saved, `the for statement's item ${clip(value.text)} holds what a listing prints among other output, which the analysis does not follow`);
    if (listed === undefined) return undoListingLoop(state, saved);
    listings++;
    rounds.push({ item: { value: word.value, literal: false, glob: false }, filler: { placeholder: listed.text, appended: false, by: "for", from: { ...listed.paths, split: true } } });
  }
  if (listings === 0) return undoListingLoop(state, saved);
  collectRounds(node, { name, body, rounds, saved, bodyStart: state.analysis.parts.length }, state);
  return true;
}

/** Takes back what collectListingLoop collected of a loop it does not follow, and says why it is asked, when it is. */
function undoListingLoop(state: CollectState, saved: SavePoint, problem?: string): false {
  goBack(state, saved);
  if (problem !== undefined) state.analysis.problems.push(problem);
  return false;
}

/** Whether a redirection of a group around the loop (`{ while ...; done < list; }`) gives it another input than the pipeline's. */
function inputRedirectedAround(node: ShellNode): boolean {
  for (let current = node.parent; current !== null && current.type !== "pipeline" && current.type !== "program"; current = current.parent) {
    if (current.type === "redirected_statement" && current.namedChildren.some((child) => child !== null && (child.type === "herestring_redirect" || child.type === "heredoc_redirect" || (child.type === "file_redirect" && /^\d*</.test(child.text))))) return true;
  }
  return false;
}

/**
 * `find ... | while IFS= read -r f; do body; done`: a read loop over a search's listing runs its body
 * once per name, `"$f"` standing for what the search found, as in the words xargs runs (names split
 * at line ends arrive whole only as far as the start folders go; `-d ''` over a NUL-separated
 * listing, each as found). Any other while loop is visited once, its variables only known when it runs.
 */
function collectWhile(node: ShellNode, state: CollectState): void {
  const listed = state.loopInput?.loop === node ? state.loopInput.paths : undefined;
  const paths = listed ?? state.stdin?.paths;
  const loop = paths === undefined || (listed === undefined && inputRedirectedAround(node)) ? undefined : readLoop(node, state.inRepeatedBody === true);
  if (paths === undefined || loop === undefined) return collectOnce(node, state);
  const { analysis } = state;
  const saved = savePoint(state);
  const outer = { loopItems: state.loopItems, filledIn: state.filledIn };
  const placeholder = "{read input}";
  state.filledIn = { placeholder, appended: false, by: "read", from: loop.wholeAtNuls && paths.split !== true ? paths : { ...paths, split: true } };
  state.loopItems = new Map([...(outer.loopItems ?? []), [loop.name, { value: placeholder, literal: false, glob: false }]]);
  try {
    collectOnce(node, state);
  } finally {
    state.loopItems = outer.loopItems;
    state.filledIn = outer.filledIn;
  }
  // The body (past the condition's own read) may set the variable by a name the text does not show: visited again, once, unknown.
  if (setsBefore(analysis, saved.parts) || analysis.parts.slice(saved.parts + 1).some((part) => maySetLoopVariable(part, true, loop.name))) {
    goBack(state, saved, true);
    collectOnce(node, state);
  }
}

/** A loop visited once for all its rounds: no `for` inside it is followed item by item. */
function collectOnce(node: ShellNode, state: CollectState): void {
  const outer = state.inRepeatedBody;
  state.inRepeatedBody = true;
  try {
    collectFlow(node, state);
  } finally {
    state.inRepeatedBody = outer;
  }
}

/** Statements inside a construct the analysis does not follow: visit them all anyway. */
function collectInside(node: ShellNode, state: CollectState): void {
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "command_substitution" || child.type === "process_substitution") collectSubstitution(child, state);
    else if (STATEMENTS.has(child.type)) collectStatement(child, state);
    else collectInside(child, state);
  }
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function newPart(node: ShellNode, state: CollectState): ShellCommandPart {
  return { source: node.text, words: [], assignments: [], cwd: state.cwd, problems: [], via: state.via, ...(state.filledIn === undefined ? {} : { filledIn: state.filledIn }) };
}

function addPart(part: ShellCommandPart, state: CollectState): void {
  state.analysis.parts.push(part);
  state.onPart(part, state);
}

export function collectSubstitution(node: ShellNode, state: CollectState): void {
  const inner: CollectState = { ...state, stdin: undefined, via: node.type === "process_substitution" ? "process substitution" : "command substitution" };
  // Inside backticks bash removes `\`, `\`` and `\$` escapes and parses the text again, so
  // escaped backticks nest: parse what bash would parse, not what the first pass saw.
  if (node.text.startsWith("`") && node.text.slice(1, -1).includes("\\")) {
    state.parseNested(node.text.slice(1, -1).replace(/\\([\\`$])/g, "$1"), "backticks", inner);
    return;
  }
  for (const child of node.namedChildren) if (child !== null) collectStatement(child, inner);
  // A substitution runs in a subshell: a `cd` inside it does not move the outer command.
}

/**
 * Collects a command substitution and gives what it prints when that is a listing's paths
 * (`$(ls)`, `$(find . -name x)`), with the text that stands for them.
 */
function listedBySubstitution(node: ShellNode, state: CollectState): { text: string; paths: NonNullable<ShellInput["paths"]> }[] {
  const from = state.analysis.parts.length;
  collectSubstitution(node, state);
  if (node.type !== "command_substitution") return [];
  return listingsPrinted(node, state.analysis.parts.slice(from)).map((paths) => ({ text: node.text, paths }));
}

/**
 * The listings a substitution's commands print (see printingCommands), found among the parts it
 * was collected into. What pwd prints is read where it stands (`"$(pwd)"/x` is the working folder's x).
 */
function listingsPrinted(node: ShellNode, parts: readonly ShellCommandPart[]): NonNullable<ShellInput["paths"]>[] {
  return printingCommands(node).flatMap((command) => {
    const part = parts.findLast((each) => each.source === command.text);
    const paths = part === undefined || part.words[0]?.value === "pwd" ? undefined : outputOf(part).paths;
    return paths === undefined || paths.itself === true || paths.folders.length === 0 ? [] : [paths];
  });
}

/** The commands whose output a substitution prints: the last of each pipeline, through lists, groups and redirections. */
function printingCommands(node: ShellNode): ShellNode[] {
  const found: ShellNode[] = [];
  const visit = (each: ShellNode): void => {
    if (each.type === "command") found.push(each);
    else if (each.type === "pipeline") {
      const last = each.namedChildren.filter((child): child is ShellNode => child !== null).at(-1);
      if (last !== undefined) visit(last);
    } else if (["list", "compound_statement", "subshell", "redirected_statement"].includes(each.type)) {
      for (const child of each.namedChildren) if (child !== null && !REDIRECTS.has(child.type)) visit(child);
    }
  };
  for (const child of node.namedChildren) if (child !== null) visit(child);
  return found;
}

/**
 * What the shell fills in from a listing's output (`rm -rf $(ls)` is `ls | xargs rm -rf`): the
 * part's words holding it are filled in from those paths, split at blanks. Two such listings in
 * one part are more than the analysis follows.
 */
function fillFromListing(part: ShellCommandPart, words: readonly ShellWord[], listed: readonly { text: string; paths: NonNullable<ShellInput["paths"]> }[]): void {
  const [first, ...more] = listed;
  if (first === undefined || part.filledIn !== undefined) return;
  // Only where nothing else in the word is only known when it runs (`./"$(ls)"$f` keeps the checks of `$f`).
  if (words.some((word) => word.value.includes(first.text) && /[$`]/.test(word.value.replaceAll(first.text, "")))) return;
  if (more.length > 0) {
    part.problems.push(`${clip(part.source)} is handed the output of more than one listing (${clip(first.text)}, ${clip(more[0]?.text ?? "")}), which the analysis does not follow`);
    return;
  }
  part.filledIn = { placeholder: first.text, appended: false, by: "command substitution", from: { ...first.paths, split: true } };
}

function wordsOf(nodes: readonly (ShellNode | null)[], part: ShellCommandPart, state: CollectState): ShellWord[] {
  const words: ShellWord[] = [];
  const listed: { text: string; paths: NonNullable<ShellInput["paths"]> }[] = [];
  for (const node of nodes) {
    if (node === null) continue;
    if (node.type === "variable_assignment") {
      const [assignment] = collectAssignments([node], part, state);
      if (assignment !== undefined) words.push({ value: `${assignment.name}=${assignment.value.value}`, literal: assignment.value.literal, glob: false });
      continue;
    }
    const item = loopItemFor(node, state.loopItems) ?? loopItemJoined(node, state.loopItems) ?? placeholderJoined(node, state.loopItems);
    if (item !== undefined) {
      // Unquoted, a listed name is split and globbed again: any path may arrive (`while read f; do rm -rf $f`).
      const filler = part.filledIn;
      if (!item.literal && node.type !== "string" && filler?.from !== undefined && filler.placeholder === item.value && filler.from.split !== true) {
        part.filledIn = { ...filler, from: { ...filler.from, split: true } };
      }
      words.push({ ...item });
      continue;
    }
    const value = evaluateWord(node, (substitution) => listed.push(...listedBySubstitution(substitution, state)));
    part.problems.push(...value.problems);
    const splitItems = splitLoopItemFor(node, state.loopItems);
    const besideItem = besideLoopItem(node, state.loopItems);
    const loopCovering = loopItemCovering(node, state.loopItems);
    words.push({
      value: value.value, literal: value.literal, glob: value.glob,
      ...(splitItems === undefined ? {} : { splitItems }), ...(besideItem === undefined ? {} : { besideItem }), ...(loopCovering === undefined ? {} : { loopCovering }),
    });
  }
  fillFromListing(part, words, listed);
  return words;
}

function collectAssignments(nodes: readonly (ShellNode | null)[], part: ShellCommandPart, state: CollectState) {
  const assignments: ShellCommandPart["assignments"] = [];
  for (const node of nodes) {
    if (node === null || node.type !== "variable_assignment") continue;
    const nameNode = node.childForFieldName("name") ?? node.namedChildren[0];
    const valueNode = node.childForFieldName("value");
    if (nameNode?.type !== "variable_name") {
      part.problems.push(`the assignment ${clip(node.text)} has an array subscript, which bash evaluates as arithmetic (it can run commands)`);
      findSubstitutions(node, (substitution) => collectSubstitution(substitution, state));
    }
    const value = valueNode === null
      ? { value: "", literal: true, glob: false, problems: [] }
      : evaluateWord(valueNode, (substitution) => collectSubstitution(substitution, state));
    part.problems.push(...value.problems);
    assignments.push({ name: nameNode?.text ?? node.text, value: { value: value.value, literal: value.literal, glob: false } });
  }
  return assignments;
}

/** The nodes a test expression is built of; its operands are words like a command's. */
const TEST_EXPRESSIONS = new Set(["unary_expression", "binary_expression", "parenthesized_expression"]);
const TEST_OPERATORS = new Set(["-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x", "-G", "-L", "-N", "-O", "-S",
  "-ef", "-nt", "-ot", "-n", "-z", "-o", "-v", "-R", "-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);
const SINGLE_BRACKET_TOKENS = new Set(["!", "(", ")", "=", "==", "!="]);
const DOUBLE_BRACKET_TOKENS = new Set([...SINGLE_BRACKET_TOKENS, "<", ">", "=~", "&&", "||"]);
const TEST_OPERANDS = new Set(["word", "string", "raw_string", "ansi_c_string", "number", "simple_expansion", "expansion", "concatenation", "command_substitution"]);

/**
 * `[ ... ]` and `[[ ... ]]` as a command of their own: the bracket, the expression's operators and
 * operands in order, and the closing bracket; testExpression.ts judges what it does. Inside
 * `[[ ]]` nothing is expanded into file names.
 */
function collectTest(node: ShellNode, state: CollectState): void {
  const part = newPart(node, state);
  if (state.stdin !== undefined) part.stdin = state.stdin;
  state.stdin = undefined;
  const open = node.child(0)?.text ?? "[";
  const words: ShellWord[] = [{ value: open, literal: true, glob: false }];
  const flatten = (current: ShellNode): void => {
    if (TEST_EXPRESSIONS.has(current.type)) {
      for (const child of current.children) if (child !== null) flatten(child);
    } else if (!current.isNamed || current.type === "test_operator") {
      // Only the operators a test has; the parser also reads arithmetic ones (`~` of `~/x`), and
      // inside [ ] the shell reads < and > as redirections.
      const known = current.type === "test_operator" ? TEST_OPERATORS.has(current.text) : (open === "[[" ? DOUBLE_BRACKET_TOKENS : SINGLE_BRACKET_TOKENS).has(current.text);
      if (!known) part.problems.push(`the test expression ${clip(node.text)} has ${current.text}, which toolshed does not read as the shell does`);
      words.push({ value: current.text, literal: true, glob: false });
    } else if (current.type === "extglob_pattern" && !/[$`'"\\]/.test(current.text)) {
      // The right side of = or ==: a pattern inside [[ ]], a word the shell may expand into file names inside [ ].
      words.push({ value: current.text, literal: true, glob: open === "[" && /[*?[]/.test(current.text) });
    } else if (current.type === "regex") {
      // The pattern of =~ only matches, once the shell has expanded it: the parser keeps it whole,
      // so a command or a ${...} inside it (which may run one) is not followed.
      // Only `$NAME` and the anchor `$` (at the end, before `)` or `|`) are read; `$(`, `$[`, `${` are not.
      if (/`|["'\\]|[<>]\(|\$(?![A-Za-z_)|]|$)/.test(current.text)) part.problems.push(`the pattern ${clip(current.text)} of =~ runs or expands something toolshed does not follow`);
      words.push({ value: current.text, literal: !current.text.includes("$"), glob: false });
    } else if (TEST_OPERANDS.has(current.type)) {
      // A loop's item, but not a glob one: the test reads one name, which no word stands for here.
      const item = loopItemFor(current, state.loopItems);
      if (item !== undefined && !item.glob) {
        words.push({ ...item });
        return;
      }
      const value = evaluateWord(current, (substitution) => collectSubstitution(substitution, state));
      part.problems.push(...value.problems);
      words.push({ value: value.value, literal: value.literal, glob: open === "[" && value.glob });
    } else {
      part.problems.push(`the test expression ${clip(node.text)} has a ${current.type.replace(/_/g, " ")}, which toolshed does not follow`);
      findSubstitutions(current, (substitution) => collectSubstitution(substitution, state));
    }
  };
  const children = node.children.filter((child): child is ShellNode => child !== null);
  for (const child of children.slice(1, -1)) flatten(child);
  const close = children.at(-1);
  if (children.length > 1 && close !== undefined) words.push({ value: close.text, literal: true, glob: false });
  part.words = words;
  addPart(part, state);
}

function collectCommand(node: ShellNode, extraArguments: ShellNode[], state: CollectState): void {
  const part = newPart(node, state);
  const timedBy = state.timed?.get(node.startIndex);
  if (timedBy !== undefined) part.timedBy = timedBy;
  if (state.stdin !== undefined) part.stdin = state.stdin;
  state.stdin = undefined;
  const assignmentNodes: ShellNode[] = [];
  const wordNodes: ShellNode[] = [];
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "variable_assignment") assignmentNodes.push(child);
    else if (REDIRECTS.has(child.type)) collectRedirect(child, state);
    else if (child.type !== "comment") wordNodes.push(child);
  }
  // Its own input redirection (`sort -z <<< x`) replaces what the pipeline hands it.
  const redirected = node.namedChildren.some((child) => child !== null && (child.type === "herestring_redirect" || child.type === "heredoc_redirect" || (child.type === "file_redirect" && /^\d*<(?!\()/.test(child.text))));
  if (redirected && part.stdin !== undefined) part.stdin = { from: "a redirection" };
  part.assignments = collectAssignments(assignmentNodes, part, state);
  part.words = wordsOf([...wordNodes, ...extraArguments], part, state);
  if (hasNewlineBetweenWords(node)) part.problems.push(`the parser reads one command across a line break where bash ends it: ${clip(node.text)}`);
  const name = part.words[0];
  if (name !== undefined && !name.literal) part.problems.push(`the command name ${name.value} is only known when it runs`);
  if (name?.glob) part.problems.push(`the command name ${name.value} has glob characters`);
  // Past wrappers read exactly (`nice r* x`), a program named by a glob is asked about as well.
  for (const at of exactProgramStarts(part.words)) {
    const program = part.words[at];
    if (program?.glob) part.problems.push(`the command name ${program.value} has glob characters`);
  }
  // Past a wrapper too (`sudo "$X" -rf /`), a program only known when it runs is asked about.
  const dynamicProgram = name?.literal === true ? dynamicProgramPastWrappers(part.words) : undefined;
  if (dynamicProgram !== undefined) part.problems.push(`the command name ${dynamicProgram.value} is only known when it runs`);
  const shellCommand = sudoShellOption(part.words);
  if (shellCommand !== undefined) part.problems.push(`sudo ${shellCommand} runs its command through a shell, which expands the $ in it`);
  // A command run under another root is asked: no path in it is where it seems. One run in
  // another folder reaches files the analysis cannot place (asked while a deny or ask rule may
  // cover them), and what it starts has its relative paths unknown, as after a cd to an unknown folder.
  const elsewhere = elsewhereWrapper(part.words);
  if (elsewhere?.root === true) part.problems.push(`${elsewhere.by} runs the command under another root, so none of its paths can be placed`);
  else if (elsewhere !== undefined) {
    (part.unknownCode ??= []).push(`${elsewhere.by} runs the command in another folder, where its relative paths cannot be placed`);
    part.cwd = { kind: "unknown", reason: `${elsewhere.by} runs the command in another folder` };
  }
  updateCwd(part, state);
  addPart(part, state);
}

/**
 * True when an unescaped line break separates two words of one command: bash would end the
 * command there, so the parser and bash disagree about what runs (seen after `|&` pipelines).
 */
function hasNewlineBetweenWords(node: ShellNode): boolean {
  const children = node.children.filter((child): child is ShellNode => child !== null);
  for (let index = 1; index < children.length; index++) {
    const previous = children[index - 1] as ShellNode;
    const gap = node.tree.rootNode.text.slice(previous.endIndex, (children[index] as ShellNode).startIndex);
    if (/(?:^|[^\\])\n/.test(gap) || (gap.startsWith("\n") )) return true;
  }
  return false;
}

/** Joins folders as `cd` does by default (-L): `..` removes the text before it, links are followed afterwards. */
function logicalJoin(base: string, path: string): string {
  const segments: string[] = [];
  for (const segment of `${base}/${path}`.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === ".." && segments.length > 0 && segments.at(-1) !== "..") segments.pop();
    else segments.push(segment);
  }
  const joined = segments.join("/");
  return base.startsWith("/") || path.startsWith("/") ? `/${joined}` : joined || ".";
}

/**
 * Whether a part may set a shell variable that changes what later parts run or where they go:
 * a builtin naming one (PATH, HOME, CDPATH, IFS, ... or a name only known when it runs), or one
 * that runs code. `export LANG=C` and `read answer` change nothing later parts depend on.
 */
function setsRiskyVariables(words: readonly ShellWord[]): boolean {
  const name = words[0];
  if (name === undefined) return false;
  if (!name.literal || CODE_RUNNERS.has(name.value)) return true;
  const printfVariable = name.value === "printf" ? words.findIndex((word) => word.value.startsWith("-v")) : -1;
  if (!VARIABLE_SETTERS.has(name.value) && printfVariable === -1) return false;
  if (name.value === "read") {
    const named = readVariables(words);
    return named === undefined || named.some((word) => !word.literal || changesLaterCommands(word.value));
  }
  // An option with a name glued on (`read -aHOME`), a nameref (`declare -n r=HOME`) or one not known: the name it sets is not known.
  if (printfVariable === -1 && words.slice(1).some((word) => /^[-+]/.test(word.value) && !PLAIN_SETTER_OPTIONS.has(word.value))) return true;
  const named = printfVariable !== -1
    ? [words[printfVariable]?.value === "-v" ? words[printfVariable + 1] : { ...(words[printfVariable] as ShellWord), value: (words[printfVariable] as ShellWord).value.slice(2) }]
    : words.slice(1).filter((word) => !word.value.startsWith("-") && !word.value.startsWith("+"));
  return named.some((word) => word === undefined || !word.literal || changesLaterCommands(word.value.split("=")[0]?.replace(/\[.*$/, "") ?? ""));
}

/**
 * The variables `read` sets: its words past its options, the values of `-d delim`, `-p prompt`,
 * `-t`, `-u`, `-n`, `-N` and `-i` skipped (glued or the next word), an `-a` array's name among them;
 * undefined for an option it does not have.
 */
function readVariables(words: readonly ShellWord[]): ShellWord[] | undefined {
  const named: ShellWord[] = [];
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (word.value === "--") return [...named, ...words.slice(index + 1)];
    if (!word.value.startsWith("-") || word.value === "-") {
      named.push(word);
      continue;
    }
    for (let at = 1; at < word.value.length; at++) {
      const letter = word.value[at] as string;
      if ("rse".includes(letter)) continue;
      if (!"adptunNi".includes(letter)) return undefined;
      // The rest of the word, or the next one, is the option's value (an array's name for -a).
      const glued = word.value.slice(at + 1);
      const value = glued !== "" ? { ...word, value: glued } : words[++index];
      if (value === undefined) return undefined;
      if (letter === "a") named.push(value);
      break;
    }
  }
  return named;
}

/** `cd` moves the rest of the command line; an unknown target makes later relative paths unknown. */
function updateCwd(part: ShellCommandPart, state: CollectState): void {
  state.cdFailure = undefined;
  const words = inShellWords(part.words);
  const name = words[0]?.literal ? words[0].value : undefined;
  // What a variable an earlier part set (PATH, HOME, CDPATH, IFS) does to this one cannot be seen: it is asked.
  if (state.variablesMayChange) part.problems.push(`an earlier part of the command may set shell variables, which can change what "${clip(part.source)}" runs or where it goes`);
  if (setsRiskyVariables(words)) state.variablesMayChange = true;
  if (name !== "cd" && name !== "pushd" && name !== "popd") return;
  // Options end at the first word that is not one, or after `--`.
  const end = words.findIndex((word, index) => index > 0 && (!word.value.startsWith("-") || word.value === "-" || word.value === "--"));
  const optionsEnd = end === -1 ? words.length : end;
  const options = words.slice(1, optionsEnd);
  const given = words.slice(words[optionsEnd]?.value === "--" ? optionsEnd + 1 : optionsEnd);
  // A plain `cd`, and `cd "$HOME"` (or `"$HOME/"`, `$HOME/.`, also for pushd), go home, as `cd ~` does (the home folder as toolshed sees it, unless the part itself sets HOME).
  const home: ShellWord = { value: process.env.HOME ?? "/", literal: true, glob: false };
  const setsHome = part.assignments.some((assignment) => assignment.name === "HOME");
  const spelledHome = given.length === 1 && /^\$(?:HOME|\{HOME\})(?:\/+\.?)*$/.test(requiredAsPlain(given[0]?.value ?? "").replace(/"/g, ""));
  const targets = !setsHome && ((name === "cd" && given.length === 0) || (name !== "popd" && spelledHome)) ? [home] : given;
  const target = targets[0];
  const physical = options.some((option) => option.value.includes("P"));
  // pushd with one folder (and no option: -n stays, +N rotates the stack) moves as cd does.
  const known = ((name === "cd" && options.every((option) => /^-[LPe@]+$/.test(option.value))) || (name === "pushd" && options.length === 0)) &&
    targets.length === 1 && target !== undefined && target.literal && !target.glob && target.value !== "-" && !/^[+-]\d+$/.test(target.value) &&
    // A folder find or xargs fills in (`find . -exec sh -c 'cd "$1"; ...' _ {} \;`) is only known when it runs.
    !holdsPlaceholder(part.filledIn, target);
  // With CDPATH set (in the environment or in front of cd), `cd sub` may go to a folder of CDPATH rather than ./sub.
  const cdpath = part.assignments.some((assignment) => assignment.name === "CDPATH") || (process.env.CDPATH ?? "") !== "" || state.variablesMayChange === true;
  const viaCdpath = cdpath && target !== undefined && !/^(?:\/|\.\.?(?:\/|$))/.test(target.value);
  if (!known || viaCdpath) {
    state.cwd = { kind: "unknown", reason: `after "${part.source}" the working folder is not known` };
    return;
  }
  const value = (target as ShellWord).value;
  // -P follows links as the kernel does (kept as written, resolved later); the default cleans the text first.
  const asWritten = (base: string) => (value.startsWith("/") || base === "." ? value : `${base}/${value}`);
  const join = (base: string) => (physical ? asWritten(base) : logicalJoin(value.startsWith("/") ? "/" : base, value));
  // Without -P, a `..` is first taken from the text; when that folder does not exist, bash goes where
  // the links lead (`cd link/../x` lands beside the link's target): either may be where it ends up.
  const leads = (from: KnownCwd): KnownCwd[] => {
    const base = from.kind === "changed" ? from.path : ".";
    const unless = from.kind === "changed" ? from.unlessExists ?? [] : [];
    const logical: KnownCwd = { kind: "changed", path: join(base), ...(unless.length > 0 ? { unlessExists: unless } : {}) };
    if (physical || !/(?:^|\/)\.\.(?:\/|$)/.test(value) || asWritten(base) === logical.path) return [logical];
    return [logical, { kind: "changed", path: asWritten(base), unlessExists: [...unless, logical.path] }];
  };
  const from: readonly KnownCwd[] | undefined = state.cwd.kind === "unknown" ? (value.startsWith("/") ? [{ kind: "start" }] : state.cwd.candidates) : [state.cwd];
  const reachable = from === undefined ? undefined : distinct(from.flatMap(leads));
  // A plain cd to a folder that is there succeeds: it stays where it was only while every folder it may go to is
  // missing. Not with other options (bash may refuse them) or a `..` (bash refuses one after a missing folder).
  const bases: readonly KnownCwd[] | undefined = state.cwd.kind === "unknown" ? state.cwd.candidates : [state.cwd];
  const plain = options.every((option) => option.value === "-L" || option.value === "-P") && !/(?:^|\/)\.\.(?:\/|$)/.test(value);
  if (bases !== undefined && plain) {
    state.cdFailure = bases.map((base): KnownCwd => ({
      kind: "changed",
      path: base.kind === "changed" ? base.path : ".",
      unlessExists: [...(base.kind === "changed" ? base.unlessExists ?? [] : []), ...leads(base).map((lead) => (lead as { path: string }).path)],
    }));
  }
  const only = reachable?.length === 1 ? reachable[0] : undefined;
  if (only !== undefined && !(only.kind === "changed" && only.unlessExists !== undefined)) {
    state.cwd = only;
    return;
  }
  // A relative cd from a folder not known stays not known, among the folders it may lead to.
  const reason = state.cwd.kind === "unknown" ? state.cwd.reason : `"${part.source}" goes where its text leads, or where its links lead when that folder does not exist, so the working folder after it is not known`;
  state.cwd = { kind: "unknown", reason, ...(reachable === undefined ? {} : { candidates: reachable }) };
}

/** The last simple statement a redirection of `body` belongs to: tree-sitter hangs `a && b > f` on the whole list. */
function collectBodyOfRedirect(body: ShellNode, state: CollectState, input?: ShellInput): ShellCwd {
  if (body.type === "pipeline") {
    state.lastStdin = input;
    return collectPipeline(body.namedChildren, state, state.stdin);
  }
  if (body.type !== "list") {
    const start = state.cwd;
    collectStatement(body, state);
    return start;
  }
  // `a || b > f`: the redirection is b's, and b runs where a failed (after &&, where it succeeded).
  const children = body.children.filter((child): child is ShellNode => child !== null);
  const operatorAt = children.findIndex((child) => !child.isNamed && (child.type === "&&" || child.type === "||"));
  const left = children.slice(0, operatorAt).findLast(isStatement);
  const right = children.slice(operatorAt + 1).find(isStatement);
  if (operatorAt === -1 || left === undefined || right === undefined) {
    const elements = body.namedChildren.filter((child): child is ShellNode => child !== null);
    const last = elements.pop();
    for (const element of elements) collectStatement(element, state);
    return last === undefined ? state.cwd : collectBodyOfRedirect(last, state, input);
  }
  const start = state.cwd;
  const first = runStatement(left, state);
  state.cwd = cwdOf(children[operatorAt]?.type === "&&" ? first.success : first.failure, start, MAY_FAIL);
  const startOfLast = collectBodyOfRedirect(right, state, input);
  state.cwd = cwdOf(union(union(first.success, first.failure), foldersOf(state.cwd)), start, MAY_FAIL);
  return startOfLast;
}

function collectRedirected(node: ShellNode, state: CollectState): void {
  const body = node.childForFieldName("body") ?? node.namedChildren.find((child) => child !== null && !REDIRECTS.has(child.type)) ?? null;
  const redirects = node.namedChildren.filter((child): child is ShellNode => child !== null && child !== body && REDIRECTS.has(child.type));
  // tree-sitter gives `echo > a b` the words [a, b] as the target; bash gives `b` to echo.
  const extra: ShellNode[] = [];
  for (const redirect of redirects) extra.push(...extraTargetWords(redirect));
  // `cmd < file` reads the file, whatever a pipeline would have handed it.
  const fromFile = redirects.some((redirect) => redirect.type === "file_redirect" && /^\d*<(?![<&])/.test(redirect.text)) ? { from: "a file" } : undefined;
  const input = redirects.map(inputOfRedirect).filter((found): found is ShellInput => found !== undefined).at(-1) ?? fromFile;
  if (body === null) {
    for (const redirect of redirects) collectRedirect(redirect, state);
    return;
  }
  if (body.type === "command" || body.type === "list" || body.type === "pipeline") {
    // A redirection binds to one simple command (the last of a list or pipeline the parser hung it
    // on) and is opened in the folder that command starts in.
    const fileRedirects = redirects.filter((redirect) => redirect.type === "file_redirect");
    const here = redirects.filter((redirect) => redirect.type !== "file_redirect");
    for (const redirect of here) collectRedirect(redirect, state);
    const before = state.analysis.parts.length;
    let startOfLast: ShellCwd;
    if (body.type === "command") {
      startOfLast = state.cwd;
      state.stdin = input ?? state.stdin;
      collectCommand(body, extra, state);
    } else {
      if (extra.length > 0) state.analysis.problems.push(`it has words after a redirection of a list: ${clip(node.text)}`);
      startOfLast = collectBodyOfRedirect(body, state, input);
    }
    const after = state.cwd;
    state.cwd = startOfLast;
    for (const redirect of fileRedirects) collectRedirect(redirect, state);
    state.cwd = after;
    // Statements tree-sitter put inside a here-document redirection (`cat <<EOF | sh`, `cat <<EOF && rm x`) run after it.
    const nested = here.flatMap((redirect) => redirect.namedChildren.filter((child): child is ShellNode => child !== null && STATEMENTS.has(child.type) && !REDIRECTS.has(child.type)));
    for (const statement of nested) {
      if (statement.type === "pipeline") collectPipeline(statement.namedChildren, state, outputOf(state.analysis.parts.length > before ? state.analysis.parts.at(-1) : undefined));
      else collectStatement(statement, state);
    }
    return;
  }
  if (extra.length > 0) state.analysis.problems.push(`it has words after a redirection of a compound command: ${clip(node.text)}`);
  // A compound command's redirections are opened before it runs, in the folder it starts in.
  const before = state.analysis.parts.length;
  for (const redirect of redirects) collectRedirect(redirect, state);
  // `while read f; do ...; done < <(find ...)` reads what the listing prints, as from a pipeline
  // (its one input redirection; others may send its output or errors elsewhere).
  const inputs = redirects.filter((redirect) => redirect.type !== "file_redirect" || /^\d*<(?![&>])/.test(redirect.text));
  const listed = body.type === "while_statement" && inputs.length === 1 ? listedInput(inputs[0] as ShellNode, state.analysis.parts.slice(before), state) : undefined;
  const outer = state.loopInput;
  if (listed !== undefined) state.loopInput = { loop: body, paths: listed };
  try {
    collectStatement(body, state);
  } finally {
    state.loopInput = outer;
  }
}

/**
 * What a `< <(listing)` redirection gives its command to read: the paths the one listing printing
 * to it prints. More than one listing is more than the analysis follows (the command is asked).
 */
function listedInput(redirect: ShellNode, parts: readonly ShellCommandPart[], state: CollectState): NonNullable<ShellInput["paths"]> | undefined {
  const target = targetNodes(redirect)[0];
  if (redirect.type !== "file_redirect" || !/^0?<\s*<\(/.test(redirect.text) || target?.type !== "process_substitution") return undefined;
  const listings = listingsPrinted(target, parts);
  if (listings.length > 1) state.analysis.problems.push(`${clip(redirect.text)} gives the loop what more than one listing prints, which the analysis does not follow`);
  return listings.length === 1 ? listings[0] : undefined;
}

function targetNodes(redirect: ShellNode): ShellNode[] {
  return redirect.namedChildren.filter((child): child is ShellNode => child !== null && child.type !== "file_descriptor");
}

function extraTargetWords(redirect: ShellNode): ShellNode[] {
  if (redirect.type === "file_redirect") return targetNodes(redirect).slice(1);
  // tree-sitter hangs the words after a here-document's start (`cat <<EOF .env`) on the redirection; bash gives them to the command.
  if (redirect.type === "heredoc_redirect") return redirect.childrenForFieldName("argument").filter((child): child is ShellNode => child !== null);
  return [];
}

/** An unquoted here-document expands `$( )`, backticks and parameters: its text is only known when it runs. */
function heredocIsDynamic(node: ShellNode): boolean {
  const start = node.namedChildren.find((child) => child?.type === "heredoc_start")?.text ?? "";
  if (/['"\\]/.test(start)) return false;
  const body = node.namedChildren.find((child) => child?.type === "heredoc_body");
  return body !== undefined && body !== null && /[`$]/.test(body.text);
}

/** The standard input a here-document or here-string gives its command. */
function inputOfRedirect(node: ShellNode): ShellInput | undefined {
  if (node.type === "heredoc_redirect") {
    const body = node.namedChildren.find((child) => child?.type === "heredoc_body");
    const from = "a here-document";
    if (body === undefined || body === null) return { text: "", from };
    const start = node.namedChildren.find((child) => child?.type === "heredoc_start")?.text ?? "";
    const text = start.startsWith("-") || node.text.startsWith("<<-") ? body.text.replace(/^\t+/gm, "") : body.text;
    return heredocIsDynamic(node) ? { from } : { text, from };
  }
  if (node.type === "herestring_redirect") {
    const word = node.namedChildren.find((child) => child !== null && child.type !== "file_descriptor");
    if (word === undefined || word === null) return { from: "a here-string" };
    const value = evaluateWord(word, () => undefined);
    return value.literal ? { text: `${value.value}\n`, from: "a here-string" } : { from: "a here-string" };
  }
  return undefined;
}

/** An unquoted here-document expands `$( )` and backticks; the parser does not always see them. */
function checkHeredocBody(node: ShellNode, state: CollectState): void {
  const start = node.namedChildren.find((child) => child?.type === "heredoc_start")?.text ?? "";
  if (/['"\\]/.test(start)) return;
  const body = node.namedChildren.find((child) => child?.type === "heredoc_body");
  if (body !== undefined && body !== null && /`|\$\(|\$\[|\$\{[!#]?[^}]*[@!:/%#^,~]/.test(body.text)) {
    state.analysis.problems.push("it has a here-document whose text runs commands when bash expands it");
  }
}

function collectRedirect(node: ShellNode, state: CollectState): void {
  if (node.type === "heredoc_redirect" || node.type === "herestring_redirect") {
    findSubstitutions(node, (substitution) => collectSubstitution(substitution, state));
    // `cat <<EOF > out` puts the file redirection inside the here-document node.
    for (const child of node.namedChildren) if (child?.type === "file_redirect") collectRedirect(child, state);
    if (node.type === "heredoc_redirect") checkHeredocBody(node, state);
    return;
  }
  const [targetNode] = targetNodes(node);
  const descriptor = node.namedChildren.find((child) => child?.type === "file_descriptor");
  const start = descriptor ? descriptor.endIndex - node.startIndex : 0;
  const operator = /^[<>&|]+-?/.exec(node.text.slice(start).trimStart())?.[0] ?? "";
  if (targetNode === undefined) {
    state.analysis.problems.push(`the redirection ${node.text} has no target`);
    return;
  }
  const target = evaluateWord(targetNode, (substitution) => collectSubstitution(substitution, state));
  state.analysis.problems.push(...target.problems);
  const word: ShellWord = { value: target.value, literal: target.literal, glob: target.glob };
  // `>&2`, `2>&1`, `<&0`, `>&-`: descriptors, not files.
  if ((operator === ">&" || operator === "<&") && /^(?:\d+-?|-)$/.test(word.value)) return;
  if (operator === ">&-" || operator === "<&-") return;
  if (operator === "<" || operator === "<&") {
    state.analysis.redirects.push({ operator, target: word, access: "read", cwd: state.cwd });
    return;
  }
  if (!WRITE_OPERATORS.has(operator)) state.analysis.problems.push(`it uses the redirection operator ${operator || node.text}, which toolshed does not follow`);
  state.analysis.redirects.push({ operator, target: word, access: "write", cwd: state.cwd });
}
