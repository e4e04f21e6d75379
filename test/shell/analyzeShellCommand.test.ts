/** The shell analysis on its own: parts, words, redirects, problems, and isReadOnlyShellCommand. */
import { beforeAll, expect, test } from "bun:test";
import { analyzeShellCommand } from "../../src/shell/analyzeShellCommand.ts";
import { initShellParser, isReadOnlyShellCommand } from "../../src/shell/isReadOnlyShellCommand.ts";
import { matchCommandPattern } from "../../src/permissions/matchCommandPattern.ts";
import { MAX_PARSE_MS } from "../../src/shell/shellParser.ts";

beforeAll(() => initShellParser());

const words = (command: string) => analyzeShellCommand(command).parts.map((part) => part.words.map((word) => word.value));

test("parts behind every separator and inside substitutions, in text order", () => {
  expect(words("a 1; b && c || d | e |& f & g\nh")).toEqual([["a", "1"], ["b"], ["c"], ["d"], ["e"], ["f"], ["g"], ["h"]]);
  expect(words("echo $(x) `y` <(z) >(w)")).toEqual([["x"], ["y"], ["z"], ["w"], ["echo", "$(x)", "`y`", "<(z)", ">(w)"]]);
  expect(words("bash -c 'a; b' && eval 'c d'")).toEqual([["bash", "-c", "a; b"], ["a"], ["b"], ["eval", "c d"], ["c", "d"]]);
});

test("quotes are removed and ANSI-C strings decoded", () => {
  expect(words(`"r"'m' $'\\x2d'rf a\\ b`)).toEqual([["rm", "-rf", "a b"]]);
});

test("redirects are collected with their access, descriptors are not files", () => {
  const analysis = analyzeShellCommand("a > o 2>&1 < i >> p &> q >&2");
  expect(analysis.redirects.map((redirect) => [redirect.operator, redirect.target.value, redirect.access])).toEqual([
    [">", "o", "write"], ["<", "i", "read"], [">>", "p", "write"], ["&>", "q", "write"],
  ]);
});

test("what the analysis does not understand is a problem", () => {
  for (const command of ["echo ${x@P}", "r$x y", "echo $((1))", "{a,b}", "for ((i=0; i<1; i++)); do x; done", "f() { ls; }", "for d in a b; do cd $d; ls; done", "echo (", "a\u0007b"]) {
    const analysis = analyzeShellCommand(command);
    const problems = [...analysis.problems, ...analysis.parts.flatMap((part) => part.problems)];
    expect({ command, problems: problems.length > 0 }).toEqual({ command, problems: true });
  }
});

test("isReadOnlyShellCommand is true only for proven reads", () => {
  for (const command of ["ls -la", "git status && git diff", "cat a | grep b | wc -l", "find . -name '*.ts'", "sed -n 1,5p f", "echo hi > /dev/null"]) {
    expect({ command, readOnly: isReadOnlyShellCommand(command) }).toEqual({ command, readOnly: true });
  }
  for (const command of ["rm a", "ls > out", "find . -delete", "git push", "sort -o x y", "FOO=1 ls", "xargs cat", "ls $(rm a)", "awk 1 f", "", "curl x"]) {
    expect({ command, readOnly: isReadOnlyShellCommand(command) }).toEqual({ command, readOnly: false });
  }
});

test("command patterns: * anywhere, word boundary, legacy :*", () => {
  expect(matchCommandPattern("ls *", "ls")).toBe(true);
  expect(matchCommandPattern("ls *", "ls -la")).toBe(true);
  expect(matchCommandPattern("ls *", "lsof")).toBe(false);
  expect(matchCommandPattern("ls*", "lsof")).toBe(true);
  expect(matchCommandPattern("npm run:*", "npm run build")).toBe(true);
  expect(matchCommandPattern("npm run:*", "npm runx")).toBe(false);
  expect(matchCommandPattern("git * main", "git push origin main")).toBe(true);
  expect(matchCommandPattern("* --version", "node --version")).toBe(true);
  expect(matchCommandPattern("echo (a)", "echo (a)")).toBe(true);
});

test("a parse that takes too long is given up, and says so; the command is not parsed past the length limit", () => {
  // Runs of `)` make the grammar's time grow with their square: 10,000 of them take seconds.
  const slow = analyzeShellCommand(")".repeat(10_000));
  expect(slow.problems).toContain(`the shell parser took more than ${MAX_PARSE_MS} ms over it`);
  expect(slow.parts).toEqual([]);
  const long = analyzeShellCommand(`ls; ${"a".repeat(10_001)}`);
  expect(long.problems).toEqual(["the command is 10005 characters long, more than the 10000 toolshed checks"]);
  expect(long.parts).toEqual([]);
  expect(analyzeShellCommand("ls -la").problems).toEqual([]);
});

test("the same command analysed again within a call gets its own copy of the analysis", () => {
  const first = analyzeShellCommand("cat a.txt | grep x");
  first.parts[0]?.words.push({ value: "changed", literal: true, glob: false });
  first.problems.push("changed");
  const second = analyzeShellCommand("cat a.txt | grep x");
  expect(second.parts.map((part) => part.words.map((word) => word.value))).toEqual([["cat", "a.txt"], ["grep", "x"]]);
  expect(second.problems).toEqual([]);
  second.parts.length = 0;
  expect(analyzeShellCommand("cat a.txt | grep x").parts).toHaveLength(2);
});
