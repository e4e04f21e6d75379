/**
 * Walks a bash syntax tree and collects every simple command in it, wherever it hides: behind
 * `;`, `&&`, `||`, `|`, `|&`, `&` and newlines, in `{ }` and `( )`, in `$( )`, backticks,
 * `<( )` and `>( )`, in here-documents, and in the bodies of loops and functions. Redirections
 * are collected with the folder they act in, so a `cd` before a relative write is followed.
 */
import { evaluateWord, findSubstitutions } from "./evaluateWord.ts";
import type { ShellNode } from "./shellParser.ts";
import type { ShellAnalysis, ShellCommandPart, ShellCwd, ShellWord } from "./types.ts";

const CONTAINERS = new Set(["program", "list", "pipeline", "compound_statement", "subshell", "negated_command", "do_group"]);
const CONTROL_FLOW = new Set([
  "if_statement", "elif_clause", "else_clause", "while_statement", "for_statement", "c_style_for_statement",
  "case_statement", "case_item", "function_definition",
]);
/**
 * Control flow whose every statement the walk visits and judges like any other part. What stays a
 * problem (asked): function bodies (they run later, wherever the folder is then) and C-style
 * `for ((...))` (arithmetic can run commands through array subscripts).
 */
const FOLLOWED_FLOW = new Set(["if_statement", "elif_clause", "else_clause", "case_statement", "case_item"]);
const FOLLOWED_LOOPS = new Set(["while_statement", "for_statement"]);
const REDIRECTS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);
const WRITE_OPERATORS = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&", "&>|"]);

/** Called for nested command text (a `bash -c` string, an `eval`): collects its parts. */
export type NestedTextVisitor = (text: string, via: string, cwd: ShellCwd) => void;

export interface CollectState {
  analysis: ShellAnalysis;
  cwd: ShellCwd;
  via?: string;
  /** Called after each part is added, so callers can look inside it (`bash -c`, `find -exec`). */
  onPart(part: ShellCommandPart, state: CollectState): void;
  /** Parses text bash itself parses again (backticks with escapes inside). */
  parseNested(text: string, via: string, state: CollectState): void;
}

/** Visits one statement node (and everything below it). */
export function collectStatement(node: ShellNode, state: CollectState): void {
  const type = node.type;
  if (type === "comment" || type === "heredoc_body" && node.namedChildCount === 0) return;
  if (CONTAINERS.has(type)) {
    for (const child of node.namedChildren) if (child !== null) collectStatement(child, state);
    return;
  }
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
    return addPart(part, state);
  }
  if (type === "test_command") {
    const part = newPart(node, state);
    part.words = [{ value: node.child(0)?.text ?? "[", literal: true, glob: false }];
    findSubstitutions(node, (substitution) => collectSubstitution(substitution, state));
    part.problems.push(`the test expression ${node.text}`);
    return addPart(part, state);
  }
  if (REDIRECTS.has(type)) return collectRedirect(node, state);
  if (FOLLOWED_FLOW.has(type) || FOLLOWED_LOOPS.has(type)) return collectFlow(node, state);
  const problem = CONTROL_FLOW.has(type) ? `the ${type.replace(/_/g, " ")}` : `the shell syntax "${type}"`;
  state.analysis.problems.push(`${problem} in ${JSON.stringify(clip(node.text))}`);
  collectInside(node, state);
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
    state.analysis.problems.push(`the ${label} changes the working folder between rounds in ${JSON.stringify(clip(node.text))}`);
  }
  state.cwd = { kind: "unknown", reason: `after the ${label} the working folder is not known` };
}

/** Statements inside a construct the analysis does not follow: visit them all anyway. */
function collectInside(node: ShellNode, state: CollectState): void {
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "command_substitution" || child.type === "process_substitution") collectSubstitution(child, state);
    else if (isStatement(child)) collectStatement(child, state);
    else collectInside(child, state);
  }
}

function isStatement(node: ShellNode): boolean {
  return CONTAINERS.has(node.type) || CONTROL_FLOW.has(node.type) || REDIRECTS.has(node.type) ||
    ["command", "redirected_statement", "variable_assignment", "variable_assignments", "declaration_command",
      "unset_command", "test_command", "ERROR"].includes(node.type);
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function newPart(node: ShellNode, state: CollectState): ShellCommandPart {
  return { source: node.text, words: [], assignments: [], cwd: state.cwd, problems: [], via: state.via };
}

function addPart(part: ShellCommandPart, state: CollectState): void {
  state.analysis.parts.push(part);
  state.onPart(part, state);
}

export function collectSubstitution(node: ShellNode, state: CollectState): void {
  const inner: CollectState = { ...state, via: node.type === "process_substitution" ? "process substitution" : "command substitution" };
  // Inside backticks bash removes `\`, `\`` and `\$` escapes and parses the text again, so
  // escaped backticks nest: parse what bash would parse, not what the first pass saw.
  if (node.text.startsWith("`") && node.text.slice(1, -1).includes("\\")) {
    state.parseNested(node.text.slice(1, -1).replace(/\\([\\`$])/g, "$1"), "backticks", inner);
    return;
  }
  for (const child of node.namedChildren) if (child !== null) collectStatement(child, inner);
  // A substitution runs in a subshell: a `cd` inside it does not move the outer command.
}

function wordsOf(nodes: readonly (ShellNode | null)[], part: ShellCommandPart, state: CollectState): ShellWord[] {
  const words: ShellWord[] = [];
  for (const node of nodes) {
    if (node === null) continue;
    if (node.type === "variable_assignment") {
      const [assignment] = collectAssignments([node], part, state);
      if (assignment !== undefined) words.push({ value: `${assignment.name}=${assignment.value.value}`, literal: assignment.value.literal, glob: false });
      continue;
    }
    const value = evaluateWord(node, (substitution) => collectSubstitution(substitution, state));
    part.problems.push(...value.problems);
    words.push({ value: value.value, literal: value.literal, glob: value.glob });
  }
  return words;
}

function collectAssignments(nodes: readonly (ShellNode | null)[], part: ShellCommandPart, state: CollectState) {
  const assignments: ShellCommandPart["assignments"] = [];
  for (const node of nodes) {
    if (node === null || node.type !== "variable_assignment") continue;
    const nameNode = node.childForFieldName("name") ?? node.namedChildren[0];
    const valueNode = node.childForFieldName("value");
    if (nameNode?.type !== "variable_name") {
      part.problems.push(`the assignment ${node.text} (array subscripts are evaluated as arithmetic)`);
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

function collectCommand(node: ShellNode, extraArguments: ShellNode[], state: CollectState): void {
  const part = newPart(node, state);
  const assignmentNodes: ShellNode[] = [];
  const wordNodes: ShellNode[] = [];
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "variable_assignment") assignmentNodes.push(child);
    else if (REDIRECTS.has(child.type)) collectRedirect(child, state);
    else if (child.type !== "comment") wordNodes.push(child);
  }
  part.assignments = collectAssignments(assignmentNodes, part, state);
  part.words = wordsOf([...wordNodes, ...extraArguments], part, state);
  if (hasNewlineBetweenWords(node)) part.problems.push(`a line break inside one command as the parser reads it (bash ends the command there): ${clip(node.text)}`);
  const name = part.words[0];
  if (name !== undefined && !name.literal) part.problems.push(`the command name ${name.value} is not a plain word`);
  if (name?.glob) part.problems.push(`the command name ${name.value} has glob characters`);
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

/** `cd` moves the rest of the command line; an unknown target makes later relative paths unknown. */
function updateCwd(part: ShellCommandPart, state: CollectState): void {
  const name = part.words[0]?.value;
  if (name !== "cd" && name !== "pushd" && name !== "popd") return;
  const targets = part.words.slice(1).filter((word) => !word.value.startsWith("-") || word.value === "-");
  const target = targets[0];
  if (name === "cd" && targets.length === 1 && target !== undefined && target.literal && !target.glob && target.value !== "-") {
    state.cwd = { kind: "changed", path: resolveFrom(state.cwd, target.value) };
  } else {
    state.cwd = { kind: "unknown", reason: `after "${part.source}" the working folder is not known` };
  }
}

function resolveFrom(cwd: ShellCwd, path: string): string {
  if (path.startsWith("/") || cwd.kind !== "changed") return path;
  return `${cwd.path}/${path}`;
}

function collectRedirected(node: ShellNode, state: CollectState): void {
  const body = node.childForFieldName("body") ?? node.namedChildren.find((child) => child !== null && !REDIRECTS.has(child.type)) ?? null;
  const redirects = node.namedChildren.filter((child): child is ShellNode => child !== null && child !== body && REDIRECTS.has(child.type));
  // tree-sitter gives `echo > a b` the words [a, b] as the target; bash gives `b` to echo.
  const extra: ShellNode[] = [];
  for (const redirect of redirects) extra.push(...extraTargetWords(redirect));
  // Redirects first: they apply before a `cd` in the body would move anything.
  for (const redirect of redirects) collectRedirect(redirect, state);
  if (body === null) return;
  if (body.type === "command") return collectCommand(body, extra, state);
  if (extra.length > 0) state.analysis.problems.push(`words after a redirection of a compound command: ${clip(node.text)}`);
  const before = state.cwd;
  collectStatement(body, state);
  // Which folder a redirect of a compound command acts in depends on how it nests: judge both.
  if (state.cwd !== before) for (const redirect of redirects) collectRedirect(redirect, state);
}

function targetNodes(redirect: ShellNode): ShellNode[] {
  return redirect.namedChildren.filter((child): child is ShellNode => child !== null && child.type !== "file_descriptor");
}

function extraTargetWords(redirect: ShellNode): ShellNode[] {
  return redirect.type === "file_redirect" ? targetNodes(redirect).slice(1) : [];
}

/** An unquoted here-document expands `$( )` and backticks; the parser does not always see them. */
function checkHeredocBody(node: ShellNode, state: CollectState): void {
  const start = node.namedChildren.find((child) => child?.type === "heredoc_start")?.text ?? "";
  if (/['"\\]/.test(start)) return;
  const body = node.namedChildren.find((child) => child?.type === "heredoc_body");
  if (body !== undefined && body !== null && /`|\$\(|\$\[|\$\{[!#]?[^}]*[@!:/%#^,~]/.test(body.text)) {
    state.analysis.problems.push("a here-document whose text runs commands when expanded");
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
  if (!WRITE_OPERATORS.has(operator)) state.analysis.problems.push(`the redirection operator ${operator || node.text}`);
  state.analysis.redirects.push({ operator, target: word, access: "write", cwd: state.cwd });
}
