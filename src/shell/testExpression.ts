/**
 * Test expressions, `test ...`, `[ ... ]` and `[[ ... ]]`: when one only looks (at strings, or at
 * files it names), and which files it looks at. What can make one do more:
 * - `-v name` and `-R name` evaluate an array subscript in the name as arithmetic, which can run
 *   commands (`-v 'a[$(rm x)]'`);
 * - inside `[[ ]]`, the arithmetic comparisons (`-eq`, `-lt`, ...) evaluate both sides the same way;
 * - `test` and `[` see their arguments only after the shell has split and expanded them, and read
 *   them by how many there are: a value only known when the command runs could be an operator
 *   (`-v`, or `-ot`, which makes the words beside it files). Such a value counts only as one
 *   double-quoted word in a test whose shape it cannot change: alone, after `-n` or `-z`, or on
 *   either side of a written binary operator in a test of three words. A file-name pattern could
 *   expand to names that are operators, so it does not count at all.
 * A file test's operand is a path the command reads, so it must be written out.
 */
import type { ShellWord } from "./types.ts";

/** Unary file tests (`-a` only where no operand precedes it); their operand is a path. */
const FILE_TESTS = new Set(["-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-u", "-w", "-x", "-G", "-L", "-N", "-O", "-S"]);
/** Binary file comparisons: both operands are paths. */
const FILE_COMPARISONS = new Set(["-ef", "-nt", "-ot"]);
const STRING_TESTS = new Set(["-n", "-z"]);
const ARITHMETIC = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);
const BINARY = new Set(["=", "==", "!=", "<", ">", "=~", ...ARITHMETIC, ...FILE_COMPARISONS]);
/** Where a new test starts, so `-a` there is the file test rather than "and". */
const STARTS = new Set(["!", "(", "-a", "-o", "&&", "||"]);
/** Special parameters that are always a number, never empty: splitting cannot turn them into an operator. */
const NUMERIC_PARAMETER = /^\$(?:[#?$]|\{[#?$]\})$/;
/** Binary operators whose operands are strings or numbers (not files). */
const VALUE_OPERATORS = new Set(["=", "==", "!=", ...ARITHMETIC]);

/** The expression's words: after `test`, or between the brackets. */
function expressionOf(words: readonly ShellWord[]): { tokens: readonly ShellWord[]; double: boolean } | undefined {
  const name = words[0]?.value;
  if (name === "test") return { tokens: words.slice(1), double: false };
  const close = name === "[[" ? "]]" : "]";
  if (words.at(-1)?.value !== close || words.length < 2) return undefined;
  return { tokens: words.slice(1, -1), double: name === "[[" };
}

/** A written operator (never a value only known when the command runs). */
function isOperator(token: ShellWord | undefined, operators: ReadonlySet<string>): boolean {
  return token !== undefined && token.literal && operators.has(token.value);
}

/** Whether the token at `index` is a unary file test, `-a` counting only where a test starts. */
function isFileTest(tokens: readonly ShellWord[], index: number): boolean {
  const token = tokens[index];
  if (!isOperator(token, FILE_TESTS) || index + 1 >= tokens.length) return false;
  return token?.value !== "-a" || index === 0 || isOperator(tokens[index - 1], STARTS);
}

/**
 * Whether the value at `index` stays an operand whatever it is, by the argument-count rules test
 * applies first: the only word; the second of two after `-n` or `-z`; the first or third of three
 * around a written string or number operator.
 */
function fixedShape(tokens: readonly ShellWord[], index: number): boolean {
  if (tokens.length === 1) return true;
  if (tokens.length === 2) return index === 1 && isOperator(tokens[0], STRING_TESTS);
  return tokens.length === 3 && index !== 1 && isOperator(tokens[1], VALUE_OPERATORS);
}

/** Why the expression may do more than look, or undefined when it only looks. */
export function checkTestExpression(words: readonly ShellWord[]): string | undefined {
  const expression = expressionOf(words);
  if (expression === undefined) return `${words[0]?.value ?? "["} without its closing bracket is not a test toolshed can check`;
  const { tokens, double } = expression;
  for (const [index, token] of tokens.entries()) {
    if (token.literal && (token.value === "-v" || token.value === "-R")) return `${token.value} evaluates an array subscript in the variable name, which can run commands`;
    if (double && isOperator(token, ARITHMETIC)) {
      for (const operand of [tokens[index - 1], tokens[index + 1]]) {
        const number = operand !== undefined && ((operand.literal && /^[+-]?\d+$/.test(operand.value)) || NUMERIC_PARAMETER.test(operand.value));
        if (!number) return `[[ ... ${token.value} ... ]] evaluates ${operand?.value ?? "its operands"} as arithmetic, which can run commands`;
      }
    }
    if (isFileTest(tokens, index) || isOperator(token, FILE_COMPARISONS)) {
      const operands = isOperator(token, FILE_COMPARISONS) ? [tokens[index - 1], tokens[index + 1]] : [tokens[index + 1]];
      const unknown = operands.find((operand) => operand === undefined || !operand.literal);
      if (unknown !== undefined) return `the file ${token.value} tests, ${unknown?.value ?? "(none)"}, is only known when the command runs`;
    }
    if (token.value.includes("\0")) return "a test word holds a NUL character, where bash ends the word";
    if (!double && token.glob) return `the shell expands ${token.value} into file names before test sees them, and a name could be an operator`;
    if (token.literal || double || NUMERIC_PARAMETER.test(token.value)) continue;
    // test and [: one double-quoted word ("$@" can be none or several), in a shape it cannot change.
    if (!/^"[^"]*"$/.test(token.value) || /\$\{?[@*]/.test(token.value)) return `test sees ${token.value} only after the shell splits it into words, which could make it an operator`;
    if (!fixedShape(tokens, index)) return `${token.value} is only known when the command runs, and in this test it could be an operator`;
  }
  return undefined;
}

/** The paths a test expression looks at: the operands of its file tests. */
export function testExpressionPaths(words: readonly ShellWord[]): ShellWord[] {
  const tokens = expressionOf(words)?.tokens ?? [];
  const paths: ShellWord[] = [];
  for (const [index, token] of tokens.entries()) {
    if (isFileTest(tokens, index)) paths.push(tokens[index + 1] as ShellWord);
    else if (isOperator(token, FILE_COMPARISONS)) paths.push(...[tokens[index - 1], tokens[index + 1]].filter((word): word is ShellWord => word !== undefined));
  }
  return paths;
}
