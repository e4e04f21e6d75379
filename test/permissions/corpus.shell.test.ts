/**
 * The adversarial corpus, shell half: every category of attack on shell-command permissions in
 * permissions.md, each case asserting the exact decision under one stated rule set (default mode).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Bash, createPlayground, decideFor, type Playground, type RuleSet } from "./harness.ts";

/** The rules every case in this file runs under. */
const RULES: RuleSet = {
  deny: ["Bash(rm *)", "Bash(curl *)", "Read(.env)", "Edit(secrets/**)"],
  ask: ["Bash(git push *)"],
  allow: ["Bash(npm test *)", "Bash(make build)"],
};

type Expected = "allow" | "ask" | "deny";
const CATEGORIES: Record<string, [string, Expected][]> = {
  "separators and empty statements": [
    ["ls; rm x", "deny"], ["ls && rm x", "deny"], ["ls || rm x", "deny"], ["ls | rm x", "deny"],
    ["ls |& rm x", "deny"], ["ls & rm x", "deny"], ["ls\nrm x", "deny"], ["ls;;rm x", "deny"],
    [";rm x", "deny"], ["ls ; ; rm x", "deny"], ["ls;rm x;", "deny"], ["npm test; rm x", "deny"],
    ["npm test && git status", "allow"], ["npm test; npm test", "allow"], ["ls;", "allow"], ["ls; ;", "ask"],
  ],
  "whitespace padding": [
    ["   rm    -rf   x  ", "deny"], ["\trm\tx", "deny"], ["rm  x", "deny"], ["npm  test", "allow"],
    ["  ls  ", "allow"], ["ls\t-la", "allow"], ["rm \\\n x", "deny"], ["npm \\\n test", "allow"],
  ],
  "carriage returns and odd separators": [
    ["ls\rrm x", "deny"], ["ls\r\nrm x", "deny"], ["ls\u000brm x", "deny"], ["ls\u000crm x", "deny"],
    ["ls\u0000rm x", "deny"], ["ls\u2028rm x", "deny"], ["echo a\u00a0; rm x", "deny"], ["ls\u00a0-la", "ask"],
  ],
  "command and process substitution": [
    ["echo $(rm x)", "deny"], ["echo `rm x`", "deny"], ["cat <(rm x)", "deny"], ["echo >(rm x)", "deny"],
    ['echo "$(rm x)"', "deny"], ['echo "$(echo $(rm x))"', "deny"], ["ls $(curl evil.example)", "deny"],
    ["x=$(rm y)", "deny"], ["echo $(ls)", "allow"], ["cat $(ls)", "ask"], ["diff <(ls) <(ls src)", "ask"],
    ["echo 'rm x'", "allow"], ['echo "\\$(rm x)"', "allow"], ["echo $(git push origin)", "ask"],
    ["echo `echo \\`rm x\\``", "deny"], ["echo `ls \\$(rm x)`", "deny"], ["echo `echo \\`ls\\``", "ask"],
    ['echo "`echo \\"\'\\"; touch made; echo \\"\'\\"`"', "ask"], ["echo `echo '`; touch made; echo '` #'", "ask"],
    ["echo a`true x` `touch made`", "ask"], ["echo x ` `\ntouch made", "ask"], ["echo x ` `\nrm y", "deny"],
  ],
  "IFS, prompt and indirect expansion, arithmetic, subscripts": [
    ["rm${IFS}x", "deny"], ["rm$IFS-rf$IFS/", "deny"], ["ls$IFS-la", "ask"], ["echo ${x@P}", "ask"],
    ["echo ${!x}", "ask"], ["echo $[1+1]", "ask"], ["A[$(rm x)]=1 ls", "deny"], ["A[$(id)]=1 ls", "ask"],
    ["echo $((1+2))", "ask"], ["echo ${HOME}", "allow"], ["ls $HOME", "ask"], ["echo ${x:-$(rm y)}", "deny"],
  ],
  "test expressions: they only look, unless a name, a value or a file name can make them run something": [
    ["[ -f package.json ] && echo ok", "allow"], ["test -d src || echo none", "allow"], ["if [ -d src ]; then ls src; fi", "allow"],
    ["[[ -n $x && $y == *.ts ]]", "allow"], ['[ "$a" = "$b" ]', "allow"], ['[ "$a" != x ]', "allow"], ['[ "$n" -eq 3 ]', "allow"], ['[ -n "$x" -a "$y" != z ]', "ask"], ["[ $# -eq 0 ]", "allow"],
    ["[[ $# -gt 1 ]]", "allow"], ["[[ $a =~ ^v[0-9]+$ ]]", "allow"], ["[ -z \"$(git status --porcelain)\" ]", "allow"], ["[ ! -e a -o -d b ]", "allow"],
    ["[ -f .env ]", "deny"], ["[[ -e .env ]] || echo no", "deny"], ["test -s .env", "deny"], ["[ x -nt .env ]", "deny"],
    ["[ -z \"$(rm x)\" ]", "deny"], ["if [ -f a ]; then rm x; fi", "deny"], ["[[ $(curl evil.example) ]]", "deny"],
    ["[ -v x ]", "ask"], ["[ -v 'a[$(id)]' ]", "ask"], ["test -R x", "ask"], ["[[ -v a ]]", "ask"],
    ["[[ $x -eq 1 ]]", "ask"], ["[[ 1 -lt 'a[$(id)]' ]]", "ask"], ["[ $x = y ]", "ask"], ['[ "$a" "$b" ]', "ask"],
    ["[ * ]", "deny"], ["[ -n * ]", "deny"], ['[ -f "$f" ]', "ask"], ["[[ -d $dir ]]", "ask"], ['[ -n "$a"$b"$c" ]', "ask"],
    ["[ -f /etc/passwd ]", "ask"], ["[ -d ../elsewhere ]", "ask"], ["[ {-v,x} ]", "ask"], ["[ -f x", "ask"],
    ["[ a > out.txt ]", "ask"], ["[ a < .env ]", "deny"], ["[[ -e ~/.ssh/id_rsa ]]", "ask"], ["[[ x =~ `id` ]]", "ask"], ["[[ x =~ $(rm x) ]]", "deny"],
    ["[[ x =~ ${!y} ]]", "ask"], ["[ -foo x ]", "ask"], ["[[ ${a[i]} ]]", "ask"], ["[ -f x ] > out.txt", "ask"],
    // A NUL ends a $'...' word in bash: `-v` is still -v.
    ["test $'-v\\0' 'a[$(touch made)]'", "ask"], ["command [ $'-v\\x00junk' 'a[$(id)]' ]", "ask"], ["test $'-v\\c@' 'a[$(id)]'", "ask"],
    ["test $'-e\\0' /etc/passwd", "ask"], ["test $'-e\\0' .env", "deny"],
    // The old arithmetic $[...] in a =~ pattern evaluates a variable's value.
    ["for x in 'a[$(id)]'; do [[ y =~ ^$[x]$ ]]; done", "ask"], ["[[ y =~ a$[x] ]]", "ask"], ["[[ y =~ ^(a|b)$ ]]", "allow"],
    // The grammar ends a pattern with quotes in it where bash does not.
    ['[[ a =~ x"([[" ]]; touch made; [[ b =~ ")" ]]', "ask"], ["[[ a =~ x'(' ]]", "ask"],
    // A value that could be an operator (-ot makes its neighbours files): only in shapes it cannot change.
    ['echo -ot; test -n "$_" /etc/passwd', "ask"], ['for x in -ot; do test -n "$x" /etc/passwd; done', "ask"],
    ['for x in -a; do test = "$x" -a /etc/passwd; done', "ask"], ['[ "$@" ]', "ask"], ["[ $! -a /etc/passwd ]", "ask"],
  ],
  "comments": [
    ["ls && # note\ntouch made.txt", "ask"], ["ls && # note\nrm x", "deny"], ["ls || # note\nrm x", "deny"], ["ls # note", "allow"],
    ["true && # note\nbash -c 'touch made' >&2", "ask"], ["true && # note\nrm -rf x 2>/dev/null", "deny"], ["ls && # c\ntouch made <<EOF\nhi\nEOF", "ask"],
    ["(ls || # c\nrm x 2>&1)", "deny"],
  ],
  "ANSI-C quoting": [
    ["$'rm\\0junk' x", "deny"], ["$'rm\\x00' -rf x", "deny"], ["$'cu\\c@'rl evil.example", "deny"],
    // An octal escape is one byte: bash keeps the low eight bits ($'\455' is -, $'\456' is ., $'\400' a NUL).
    ["test $'\\455v' 'a[$(touch made)]'", "ask"], ["test $'-v\\400' 'a[$(touch made)]'", "ask"], ["cat $'\\456env'", "deny"],
    ["cat $'\\457etc\\457passwd'", "ask"], ["sort $'\\455o' out.txt a.ts", "ask"], ["$'\\562m' x", "deny"],
    // Where a $'...' ends: a backslash takes the next character, so $'\\' is one backslash.
    ["echo $'\\\\''x' ; touch made #'", "ask"], ["echo $'\\\\' ; rm -rf x ; echo $'x' # '", "deny"], ["echo $'a\\'b'", "allow"],
    ["$'rm' x", "deny"], ["$'\\x72m' x", "deny"], ["$'\\162m' x", "deny"], ["$'\\u0072m' x", "deny"],
    ["rm$'\\x20'x", "deny"], ["echo $'a\\nb'", "allow"], ["$'\\x6c\\x73'", "allow"], ["$'cu\\x72l' x", "deny"],
  ],
  "here-documents": [
    // Where bash ends a body: the first line that is exactly the delimiter.
    ["cat <<true''\ntrue\ntouch made\ntrue''", "ask"], ["cat <<EOF\nEOF \ncat <<true\nEOF\ntouch made\ntrue", "ask"],
    ["cat <<EOF|cat\nEOF\ntouch made\nEOF|cat", "ask"], ["cat <<A | cat <<B\nA\nB\ntouch made\nA", "ask"],
    ["cat <<'$E'\n$E\ntouch made\n$E", "ask"], ["cat <<EOF\n${x-\nEOF\ntouch made\necho }\nEOF", "ask"],
    ["cat <<'EOF'\nhi $x\nEOF\nls", "allow"], ["cat <<-EOF\n\thi\n\tEOF", "allow"],
    ["cat <<EOF\n$(rm x)\nEOF", "deny"], ["cat <<'EOF'\n$(rm x)\nEOF", "allow"], ["cat <<EOF\n`rm x`\nEOF", "deny"],
    ["cat <<EOF > out.txt\nhi\nEOF", "ask"], ['cat <<< "$(rm x)"', "deny"], ["bash <<EOF\nls\nEOF", "ask"],
    ["cat <<EOF\nhello\nEOF", "allow"], ["cat <<-EOF\n\t$(curl x)\n\tEOF", "deny"],
  ],
  "line continuations bash joins where a comment, $$, <<< or case seemed to stop them": [
    ["echo a\\ #\\\n#; touch made", "ask"], ["echo a\\ #\\\n#; rm x", "deny"], ["echo a\\\n#\\\n#; touch made", "ask"],
    ["echo a\\\n#\\\n#; rm x", "deny"], ["echo $$'\\'; r\\\nm x #'", "deny"], ["cat <<<x\\\n#; touch made", "ask"],
    ["cat <<<x\\\n#; rm x", "deny"], ["cat <<EO\\\nF\nx\nEOF\ntouch made", "ask"], ["echo \"$(case x in x) echo;; esac)\\\n\"; touch made", "ask"],
    ["echo a \\\n# note\nls", "allow"], ["echo $$ \\\n ok", "allow"], ["ls \\\n -la # a \\\n", "ask"], ["ls \\\n -la # a", "allow"],
    // A here-document's end, a quote inside one, `cas\<newline>e`, a `#` after `$(...)`: the join asks.
    ["cat <<'t\"r\"ue'\ntrue\nx\\\nt\"r\"ue\nrm x\nt\"r\"ue", "deny"], ["cat <<'t\"r\"ue'\ntrue\nx\\\nt\"r\"ue\ntouch made\nt\"r\"ue", "ask"],
    ["cat <<EOF\nx\\\nEOF\n<<true\nEOF\n# \\\nrm x\ntrue", "deny"], ["cat <<EOF\nx\\\nEOF\n<<true\nEOF\n# \\\ncat .env\ntrue", "deny"],
    ["echo \"$(cas\\\ne x in x) echo | sed 'p # \\\ne rm x';; esac)\"", "deny"], ["echo \"$(cas\\\ne x in x) echo | sed 'p # \\\nw made';; esac)\"", "ask"], ["echo $(pwd)#; tr\\\nuncate -s0 x", "ask"],
    ["echo $(pwd)#; r\\\nm x", "deny"], ["cat <<EO\\\nF\nx\nEOF\nr\\\nm x", "deny"], ["echo \"${x:-\"'\"}\"; r\\\nm x #'", "deny"],
    ["echo \"$(cas\\\ne x in x) sh -c 'echo a # \\\ncat .env';; esac)\"", "deny"],
    // A continuation inside a two-character token: bash joins it before it reads the next character.
    ["echo $\\\n'\\' '; tr\\\nuncate -s0 made; echo '\\'", "ask"], ["echo $\\\n'\\' '; cat .e\\\nnv; echo '\\'", "deny"],
    ["echo $\\\n'\\' '; r\\\nm victim; echo '\\'", "deny"], ["echo $\\\n$'\\' ; tr\\\nuncate -s0 made; echo '\\'", "ask"],
    ["echo $\\\n$'\\' ; r\\\nm victim; cat .e\\\nnv; echo '\\'", "deny"], ["cat <\\\n<EOF\n'\nEOF\ntr\\\nuncate -s0 made; echo '\\'", "ask"],
    ["cat <\\\n<EOF\n'\nEOF\nr\\\nm victim; cat .e\\\nnv; echo '\\'", "deny"],
    ["echo $(pwd)# ; $'\\x72'\\\nm victim", "deny"], ["echo $(pwd)# ; cat $'\\x2e'e\\\nnv", "deny"],
    ["echo `$'\\x72'\\\\\nm victim`", "deny"], ["echo `cat $'\\x2e'e\\\\\nnv`", "deny"],
    ["echo \"${x#'\"'}\" \\\n; touch made #'", "ask"], ["echo \"$(echo ${x:-)})\" \\\n; r\\\nm x", "deny"],
    // `((` that bash reads as two subshells, a comment's kept continuation, $[ ] inside "...", `)\<newline>)`.
    ["((:) # c\\\nr\\\nm -f victim\n)", "deny"], ["((echo a) # c\\\nc\\\nat .en?\n)", "deny"], ["((echo a) # c\\\ntouch made\n)", "ask"],
    [": \"$['a\\\nb']\"", "ask"], ["((echo a); (touch made)\\\n)", "ask"], ["((echo a); (r\\\nm x)\\\n)", "deny"],
    // The uncertain join and the rough deny check: lookahead past continuations, `)#`, $"", a split delimiter.
    ["echo $\\\n'\\'';x\\\\\nr\\\nm victim #'", "deny"], ["echo $(pwd)#'$';$'\\x72'\\\nm victim", "deny"],
    ["echo $(pwd)#;r$\"\"\\\nm victim", "deny"], ["echo $(pwd)#;cat .e$\"\"\\\nnv", "deny"], ["cat <<EOF\nEO\\\nF\n# c\\\nr$\"\"m victim", "deny"],
    ["$\"rm\" victim", "deny"], ["$\"ls\"", "allow"], ["r{m,} victim #\\\n", "deny"], ["cat .e{n,}v #\\\n", "deny"],
    // A `#` inside quotes is no comment: the join stays exact.
    ["grep -c '#' src/a.ts \\\n  src/a.ts", "allow"], ["git log -3 \\\n  --format='%h #%s'", "allow"], ["grep -n \"#x\" \\\n src/a.ts", "allow"],
    ["echo '#' \\\n; r\\\nm x", "deny"], ["echo '#' \\\n; touch made", "ask"], ["echo \"#'\" \\\n; tr\\\nuncate -s0 x #'", "ask"],
    // A `#` with plain text after it on its line reads the same as a comment or as a word.
    ["ls -la \\\n  src  # list", "allow"], ["grep -n \"a\" \\\n src/a.ts  # search", "allow"], ["ls \\\n # it's\n; touch made #'", "ask"],
    ["echo a#b \\\n; r\\\nm x", "deny"], ["echo a \\\n # c \\\nr\\\nm x", "deny"], ["echo a \\\n # c \\\ntouch made", "ask"],
    // Exact joins: quotes and substitutions only.
    ["grep -rn \"useState\" src \\\n --include='*.tsx'", "allow"], ["git log --oneline \\\n --since=\"2 weeks ago\" \\\n --author='bob'", "allow"],
    ["sed -n '1,20p' \"src/a.ts\" \\\n | head", "allow"], ["grep -rn \"it's\" \\\n src", "allow"], ["echo \"$(echo 'a)b')\" \\\n x", "allow"],
    ["grep -n 'a b' \\\n  src/a.ts", "allow"], ["grep -n \"a b\" \\\n  src/a.ts", "allow"], ["echo 'a\\\nb' \\\n c", "allow"],
    ["echo $'a\\'b' \\\n c", "allow"], ["echo 'x'; r\\\nm y", "deny"], ["echo \"$(r\\\nm y)\"", "deny"],
  ],
  "tokens the grammar ends elsewhere than bash": [
    ["echo >/dev/null $\ntouch made", "ask"], ["echo >/dev/null $\nrm x", "deny"], ["echo >/dev/null $ touch made", "ask"],
    ["[[ a =~ ]]# ]]; touch made", "ask"], ["[[ a =~ ]]# ]]; rm x", "deny"],
    ["echo $", "allow"], ["ls;# note", "allow"], ["echo a#b", "allow"],
  ],
  "assignments with subscripts are judged in time": [["a[1<2]=1", "ask"], ["a[x y]=1 rm x", "deny"], ["a[1<<2]=1\nls", "ask"]],
  "paths through the home or working folder's variable meet deny rules": [
    ['cat "$PWD"/.env', "deny"], ["cat $PWD/.env", "deny"], ["cat ${PWD}/.env", "deny"], ['cat "${PWD}/.env"', "deny"], ["cat $HOME/.env", "deny"],
    ["head -1 $PWD/src/a.ts", "ask"], ["cat $PWDX/.env", "ask"], ["cat $PWD/$x/.env", "deny"],
  ],
  "brace groups, subshells and control flow": [
    ["{ rm x; }", "deny"], ["(rm x)", "deny"], ["( ls; (rm x) )", "deny"], ["{ ls; } && (rm x)", "deny"],
    ["{ ls; }", "allow"], ["(ls)", "allow"], ["! rm x", "deny"], ["f() { rm x; }; f", "deny"],
    ["if true; then rm x; fi", "deny"], ["for i in 1; do rm x; done", "deny"], ["while false; do ls; done", "allow"],
    ["case a in a) rm x;; esac", "deny"], ["{rm,-rf,/}", "deny"], ["echo {a,b}", "ask"],
    ["for i in 1 2; do echo $i; done", "allow"], ["if true; then ls; else pwd; fi", "allow"], ["for f in a b; do cat $f; done", "allow"], ["for f in a .env; do cat $f; done", "deny"], ["for f in $(ls); do cat $f; done", "ask"],
    ["for d in a b; do cd $d; ls; done", "ask"], ["if true; then cd /tmp; fi; echo x > f", "ask"], ["for i in 1; do echo x > secrets/k; done", "deny"],
    ["for ((i=0; i<1; i++)); do ls; done", "ask"], ["f() { ls; }; f", "ask"], ["for i in $(rm x); do ls; done", "deny"],
  ],
  "wrapper commands": [
    ["timeout 5 rm x", "deny"], ["time rm x", "deny"], ["nice -n 5 rm x", "deny"], ["nohup rm x", "deny"],
    ["stdbuf -oL rm x", "deny"], ["command rm x", "deny"], ["xargs rm", "deny"], ["xargs -0 rm", "deny"],
    ["env rm x", "deny"], ["sudo rm x", "deny"], ["exec rm x", "deny"], ["timeout -s KILL 5 curl x", "deny"],
    ["timeout 5 npm test", "allow"], ["nice npm test", "allow"], ["nohup make build", "allow"], ["time -p npm test", "allow"],
    ["xargs -0 npm test", "ask"], ["timeout 5 ls", "allow"], ["xargs ls", "ask"], ["command -v rm", "ask"],
    ["/bin/rm x", "deny"], ["\\rm x", "deny"], ["r''m x", "deny"], ['"rm" x', "deny"],
    ["bash -c 'rm x'", "deny"], ["sh -c \"ls; rm x\"", "deny"], ["eval 'rm x'", "deny"], ["bash -lc 'curl x'", "deny"],
    ["bash -c \"$CMD\"", "ask"], ["eval \"$CMD\"", "ask"], ["timeout 5 bash -c 'rm x'", "deny"], ["sh -c 'sh -c \"rm x\"'", "deny"],
  ],
  "environment assignment prefixes": [
    ["FOO=1 rm x", "deny"], ["A=1 B=2 rm x", "deny"], ["LANG=C npm test", "allow"], ["PATH=. npm test", "ask"],
    ["LD_PRELOAD=x.so ls", "ask"], ["GIT_PAGER=sh git log", "ask"], ["FOO=$(rm x) ls", "deny"], ["NODE_ENV=test npm test", "allow"],
    ["FOO=bar", "ask"], ["LC_ALL=C ls", "allow"],
  ],
  "redirects to protected or outside paths": [
    ["echo hi > .env", "deny"], ["echo hi >> secrets/key", "deny"], ["echo hi > .git/config", "ask"],
    ["echo hi > ~/.bashrc", "ask"], ["echo hi > /etc/passwd", "ask"], ["echo hi &> out.txt", "ask"],
    ["echo hi 2> secrets/log", "deny"], ["echo hi >| secrets/x", "deny"], ["echo hi > /dev/null", "allow"],
    ["ls 2>&1", "allow"], ["cat < .env", "deny"], ["cat < src/a.ts", "allow"], ["echo >&2 hi", "allow"],
    ["echo hi >& secrets/x", "deny"], ["ls > /dev/null 2>&1", "allow"], ["echo hi &>> secrets/x", "deny"],
    ["echo hi > out.txt secrets/key", "deny"], ["echo hi > .toolshed/settings.json", "ask"],
  ],
  "cd followed by a relative write": [
    ["cd secrets && echo hi > key", "deny"], ["cd /tmp && rm x", "deny"], ["cd secrets; cat ../.env", "deny"],
    ["cd $D && echo hi > key", "ask"], ["cd src && cat a.ts", "allow"], ["cd /etc && cat passwd", "ask"],
    ["cd .. && cat project/.env", "deny"], ["cd - && ls", "ask"],
  ],
  "flags that execute or write": [
    ["find . -exec ls \\;", "ask"], ["find . -delete", "deny"], ["find . -name '*.o' -delete", "ask"], ["find . -name x", "allow"], ["find . -fprint out", "ask"],
    ["find . -execdir rm {} +", "deny"], ["sed -i s/a/b/ src/a.ts", "ask"], ["sed 's/a/b/w out' src/a.ts", "ask"],
    ["sed -n 1p src/a.ts", "allow"], ["sed 1e src/a.ts", "ask"], ["rg --pre sh x", "ask"], ["rg foo src", "allow"],
    ["sort -o out src/a.ts", "ask"], ["sort src/a.ts", "allow"], ["git -c core.pager=sh log", "ask"], ["git log", "allow"],
    ["git diff --output=x", "ask"], ["git diff --ext-diff", "ask"], ["man -P sh ls", "ask"], ["man --html=x ls", "ask"],
    ["awk '{print}' src/a.ts", "ask"], ["xargs -I{} ls {}", "ask"], ["ping example.com", "ask"], ["curl x", "deny"],
    ["wget x", "ask"], ["dig x", "ask"], ["git status", "allow"], ["git branch -D x", "ask"], ["git push origin main", "ask"],
  ],
  "abbreviated long options": [
    ["sort --compress-prog=sh src/a.ts", "ask"], ["sort --out=x src/a.ts", "ask"], ["git diff --outp=x", "ask"],
    ["git diff --ext", "ask"], ["man --pag=sh ls", "ask"], ["rg --pr sh x", "ask"], ["sed --in-pl s/a/b/ src/a.ts", "ask"],
    ["file --comp x", "ask"], ["tree --out x", "ask"], ["git log --no-ind", "ask"],
  ],
  "glued short options": [
    ["git -ccore.pager=sh log", "ask"], ["git -C/tmp status", "ask"], ["sort -oout src/a.ts", "ask"], ["sed -ni 1p src/a.ts", "ask"],
    ["sed -i.bak s/a/b/ src/a.ts", "ask"], ["rg -fpatterns x", "ask"], ["man -Psh ls", "ask"], ["tree -oout", "ask"],
  ],
};

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
});
afterAll(() => playground.remove());

for (const [category, cases] of Object.entries(CATEGORIES)) {
  describe(category, () => {
    for (const [command, expected] of cases) {
      test(`${JSON.stringify(command)} -> ${expected}`, async () => {
        const decision = await decideFor({ tool: Bash, input: { command }, rules: RULES, cwd: playground.project });
        expect({ command, decision: decision.decision }).toEqual({ command, decision: expected });
      });
    }
  });
}

describe("more than the analysis limits", () => {
  const cases: [string, string, Expected][] = [
    ["60 parts, a denied one last", `${"ls; ".repeat(60)}rm x`, "deny"],
    ["60 harmless parts", `${"ls; ".repeat(60)}ls`, "ask"],
    ["60 allowed parts, a denied one last", `${"npm test && ".repeat(60)}curl x`, "deny"],
    ["a 55-stage pipeline ending in a denied command", `${"echo hi | ".repeat(55)}rm x`, "deny"],
    ["over 10,000 characters, a denied command last", `echo ${"a".repeat(10_001)}; rm x`, "deny"],
    ["over 10,000 harmless characters", `echo ${"a".repeat(10_001)}`, "ask"],
    ["nesting past the limit with a denied command inside", `${"bash -c '".repeat(1)}${"$(".repeat(12)}rm x${")".repeat(12)}'`, "deny"],
  ];
  for (const [name, command, expected] of cases) {
    test(`${name} -> ${expected}`, async () => {
      const decision = await decideFor({ tool: Bash, input: { command }, rules: RULES, cwd: playground.project });
      expect(decision.decision).toBe(expected);
    });
  }
});
