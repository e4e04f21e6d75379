/**
 * The adversarial corpus, wrappers read exactly: past `timeout 5`, `nice -n 5`, `time -p`,
 * `nohup`, `stdbuf -oL`, `setsid -w` and `env [options] [A=1...]` the command is the word after
 * them, so a denied program's name later in its arguments (`timeout 10 git rm x`, `time grep rm
 * log`) is an argument, not a command. Every wrapper option, value or command word not read
 * exactly still has any later word tried (the guards). Each case names its rules and mode and
 * asserts the exact decision; every case not marked `guard` came out deny or ask before this round.
 */
import { afterAll, beforeAll } from "bun:test";
import { realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { corpusTests, inBothModes, type Case, type Expected } from "./corpusCases.ts";
import { createPlayground, type Playground, type RuleSet } from "./harness.ts";

const DENY: RuleSet = { deny: ["Bash(rm *)", "Bash(curl *)", "Bash(git push *)", "Bash(python *)"] };

const everywhere = (command: string, expected: Expected, guard?: true): Case[] => inBothModes(command, expected, DENY, guard);

const GROUPS: Record<string, Case[]> = {
  "a denied program's name among the wrapped command's arguments": [
    ...everywhere("timeout 10 git rm --cached x", "allow"),
    ...everywhere("timeout -s KILL -k 5 120 grep -rn rm src", "allow"),
    ...everywhere("timeout --preserve-status 60 npm test -- --grep curl", "allow"),
    ...everywhere("time git rm --cached x", "allow"),
    ...everywhere("time -p grep -c python log", "allow"),
    ...everywhere("nice -n 10 grep -rn 'rm -rf' .", "allow"),
    ...everywhere("nice -5 git rm x", "allow"),
    ...everywhere("nohup make python", "allow"),
    ...everywhere("stdbuf -oL grep curl access.log", "allow"),
    ...everywhere("stdbuf -o L -e 0 grep curl access.log", "allow"),
    ...everywhere("setsid -w grep rm notes", "allow"),
    ...everywhere("env CI=1 npm test -- --grep rm", "allow"),
    ...everywhere("env -i LANG=C grep rm notes", "allow"),
    ...everywhere("env -u HOME grep python notes", "allow"),
    ...everywhere("nice -n 5 timeout 5 git rm x", "allow"),
    ...everywhere("time timeout 5 grep rm notes", "allow"),
    ...everywhere("timeout 10 make python", "allow"),
    ...everywhere("echo x | timeout 5 grep xargs", "allow", true),
  ],
  "guards: the command past wrappers read exactly, and every word past the others": [
    ...everywhere("timeout 10 rm x", "deny", true),
    ...everywhere("timeout -s KILL -k 5 10 rm x", "deny", true),
    ...everywhere("timeout --signal KILL 10 rm x", "deny", true),
    ...everywhere("timeout inf rm x", "deny", true),
    ...everywhere("timeout 5 -- rm x", "deny", true),
    ...everywhere("nice -n 5 timeout 5 rm x", "deny", true),
    ...everywhere("nice -n 5 timeout 5 git push", "deny", true),
    ...everywhere("nice --adjustment 5 rm x", "deny", true),
    ...everywhere("nohup -- rm x", "deny", true),
    ...everywhere("time -p -- rm x", "deny", true),
    ...everywhere("\\time -v rm x", "deny", true),
    ...everywhere("command time -v rm x", "deny", true),
    ...everywhere("command -p rm x", "deny", true),
    ...everywhere("stdbuf -oL rm x", "deny", true),
    ...everywhere("setsid -f rm x", "deny", true),
    ...everywhere("env rm x", "deny", true),
    ...everywhere("env -i A=1 B=2 rm x", "deny", true),
    ...everywhere("env -- A=1 rm x", "deny", true),
    ...everywhere("env -uHOME rm x", "deny", true),
    ...everywhere("env -S 'rm x'", "deny", true),
    ...everywhere("env --split-string='rm x'", "deny", true),
    ...everywhere("env -a name rm x", "deny", true),
    ...everywhere("env -P /tmp rm x", "deny", true),
    ...everywhere("env $X rm x", "deny", true),
    ...everywhere("env A=$B rm x", "deny", true),
    ...everywhere("timeout 5 $P rm x", "deny", true),
    ...everywhere("timeout $T rm x", "deny", true),
    ...everywhere("timeout 5 env rm x", "deny", true),
    ...everywhere("timeout 5 sudo rm x", "deny", true),
    ...everywhere("timeout 5 xargs rm < list", "deny", true),
    ...everywhere("timeout 5 xargs -0 rm < list", "deny", true),
    ...everywhere("timeout 5 sh -c 'rm x'", "deny", true),
    ...everywhere("timeout 5 git -C . push", "deny", true),
    ...everywhere("timeout 5 ./myrm x", "deny", true),
    ...everywhere("nice ./myrm x", "deny", true),
    ...everywhere("timeout 5 /bin/rm x", "deny", true),
  ],
  // A review of the round: bash's `time` keyword times a whole pipeline, so what follows it is
  // parsed as bash parses it (the grammar read `time` as a program and split the rest wrongly, also
  // before the round); `command` may run a builtin that runs code; a glob among a wrapper's words,
  // or as a program past one, may name the denied program. Each came out allow at the reviewed
  // commit unless marked `guard`.
  "bash's time keyword, builtins after command, and globs past wrappers": [
    ...everywhere("time ! rm x", "deny"),
    ...everywhere("time -p ! rm x | cat", "deny"),
    ...everywhere("time ! git push origin", "deny"),
    ...everywhere("time { rm x; }", "deny"),
    ...everywhere("true && time { rm x; }", "deny"),
    ...everywhere("time if rm x; then :; fi", "deny"),
    ...everywhere("time while curl http://x; do break; done", "deny"),
    ...everywhere("time if true; then rm x; fi", "deny"),
    ...everywhere("time while true; do rm x; done", "deny"),
    ...everywhere("time for i in 1; do git push origin; done", "deny"),
    ...everywhere("time A=1 rm x", "deny"),
    ...everywhere("time -p A=1 rm x", "deny"),
    ...everywhere("time A=1 bash -c 'rm x'", "deny"),
    ...everywhere("time eval 'rm x'", "deny"),
    ...everywhere("time command eval 'rm x'", "deny"),
    ...everywhere("time trap 'rm x' EXIT", "deny"),
    ...everywhere("time mapfile -C 'rm x' -c 1 a < list", "ask"),
    ...everywhere("time source /dev/stdin <<< 'rm x'", "deny"),
    ...everywhere("time let 'a[$(rm x)]'", "deny"),
    ...everywhere("time . ./s.sh", "ask"),
    ...everywhere("time LD_PRELOAD=./x.so ls", "ask"),
    ...everywhere("command mapfile -C 'rm x' -c 1 a < list", "deny"),
    ...everywhere("env -u [ar]* git x", "deny"),
    ...everywhere("stdbuf -o [0r]* git x", "deny"),
    ...everywhere("nice r* x", "deny"),
    ...everywhere("timeout 5 [r]m x", "deny"),
    ...everywhere("timeout 5 [q]m x", "ask"),
    ...everywhere("/usr/bin/timeout 5 [q]m x", "ask"),
    ...everywhere("sudo [r]m x", "deny"),
    ...everywhere("env [r]m x", "deny"),
    ...everywhere("timeout 5 ccache rm x", "deny"),
    ...everywhere("ccache rm x", "deny"),
    ...everywhere("timeout 5 prime-run rm x", "deny"),
    ...everywhere("ip netns exec ns rm x", "deny"),
    // controls: the keyword and GNU time still time what they time
    ...everywhere("time git rm --cached x", "allow", true),
    ...everywhere("time -p -- grep rm notes", "allow"),
    ...everywhere("time ls | time grep rm", "allow", true),
    ...everywhere("\\time git rm x", "allow", true),
    ...everywhere("sudo chown x *.log", "allow", true),
  ],
  // A second review: bash reads `time` as the keyword only where a pipeline starts and, in POSIX
  // mode or sh, not before an option; past that a `time` is the program. Each came out allow at
  // the reviewed commit unless marked `guard`.
  "where time is the program, many time keywords, rules naming time with its command, split words": [
    ...everywhere("echo a | time -v rm x", "deny"),
    ...everywhere("echo a | time -f %e rm x", "deny"),
    ...everywhere("echo | time -p -p rm x", "deny"),
    ...everywhere("A=1 time -v rm x", "deny"),
    ...everywhere(">out time -v rm x", "deny"),
    ...everywhere("echo a |& time -v rm x", "deny"),
    ...everywhere("echo $(echo | time -v rm x)", "deny"),
    ...everywhere("bash --posix -c 'time -v rm x'", "deny"),
    ...everywhere("sh -c 'time -f %e rm x'", "deny"),
    ...everywhere("time -p -p rm x", "deny"),
    ...everywhere("time -- -p rm x", "deny"),
    ...everywhere("time time time time time time time time time ! rm x", "deny"),
    ...everywhere(`${"time true; ".repeat(8)}time ! rm x`, "deny"),
    ...inBothModes("time rm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time \"rm\" x", "deny", { deny: ["Bash(time rm *)"] }),
    ...everywhere("sudo [\\r]m x", "ask"),
    ...everywhere("sudo /bin/[\\r]m x", "ask"),
    // controls
    ...inBothModes("time", "deny", { deny: ["Bash(time)"] }, true),
    ...everywhere("time -p -- grep rm notes", "allow", true),
    ...everywhere("echo a | time grep rm", "allow", true),
  ],
  // A third review: a double negation the parser reads as a command named !, a redirection between
  // time and what it times, and rules naming time with a command. Each came out allow at the
  // reviewed commit unless marked `guard`.
  "a command named !, redirections after time, exact rules on time": [
    ...everywhere("! ! rm x", "deny"),
    ...everywhere("true && ! ! rm x", "deny"),
    ...everywhere("! ! git push origin main", "deny"),
    ...everywhere("time ! ! rm x", "deny"),
    ...everywhere("! time ! rm x", "deny"),
    ...inBothModes("time >x rm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time 2>/dev/null rm -rf d", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time <in rm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time >x ls", "deny", { deny: ["Bash(time ls)"] }),
    ...inBothModes("time -p rm x", "deny", { deny: ["Bash(time -p *)"] }, true),
    // a fourth review: what time times is read as a command, not from its text
    ...inBothModes("time $'rm' x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time $'\\x72m' x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time >\"a b\" rm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time <<<\"a b\" rm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time rm>x x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time >| x rm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time -p $'rm' x", "deny", { deny: ["Bash(time -p rm *)"] }),
    ...inBothModes("time cat <<EOF\nrm x\nEOF", "deny", { deny: ["Bash(time cat)"] }),
    ...inBothModes("time rm x <<<'a b'", "deny", { deny: ["Bash(time rm x)"] }),
    ...inBothModes("time rm x | cat", "deny", { deny: ["Bash(time rm *)"] }, true),
    ...inBothModes("time /bin/rm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time ./myrm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time git -C . push origin", "deny", { deny: ["Bash(time git push *)"] }),
    ...inBothModes("time command rm x", "deny", { deny: ["Bash(time rm *)"] }),
    ...inBothModes("time -p time rm x", "deny", { deny: ["Bash(time -p rm *)"] }),
    // controls: a rule on time alone, or with another command, does not cover what time runs
    ...inBothModes("time ls", "allow", { deny: ["Bash(time)"] }),
    ...inBothModes("time -p ls", "allow", { deny: ["Bash(time ls)"] }),
    ...inBothModes("time -- ls", "deny", { deny: ["Bash(time ls)"] }, true),
    ...everywhere("! ls", "allow", true),
  ],
  // sudo read exactly: its command is the word after its options and assignments. Each case not
  // marked `guard` was denied before by Bash(rm *), Bash(curl *) or Bash(python *).
  "the command past sudo's options": [
    ...everywhere("sudo git rm --cached x", "allow"),
    ...everywhere("sudo apt-get install -y curl", "allow"),
    ...everywhere("sudo -u root grep rm log", "allow"),
    ...everywhere("sudo -E -H pip install rm", "allow"),
    ...everywhere("sudo -n timeout 5 git rm x", "allow"),
    ...everywhere("sudo --user=root git rm x", "allow"),
    // guards
    ...everywhere("sudo rm x", "deny", true),
    ...everywhere("sudo -u root rm x", "deny", true),
    ...everywhere("sudo -uroot -- rm x", "deny", true),
    ...everywhere("sudo -h host rm x", "deny", true),
    ...everywhere("sudo -hhost rm x", "deny", true),
    ...everywhere("sudo A=1 rm x", "deny", true),
    ...everywhere("sudo ./x=y rm x", "deny", true),
    ...everywhere("sudo -s rm x", "deny", true),
    ...everywhere("sudo -i python app.py", "deny", true),
    ...everywhere("sudo -u $U rm x", "deny", true),
    ...everywhere("sudo --us=root rm x", "deny", true),
    ...everywhere("sudo -X rm x", "deny", true),
    ...everywhere("sudo -- -rm x", "allow", true),
    ...everywhere("sudo ./myrm x", "deny", true),
    // a review: after -- sudo reads no assignments; a word with = starting with / is the command; ./a=b may be either
    ...everywhere("sudo -- ./r=x file", "deny"),
    ...everywhere("sudo ./r=x file", "deny"),
    ...everywhere("sudo -u root {project}/r=x file", "deny"),
    ...everywhere("sudo env rm x", "deny", true),
    // sudo -s / -i: the words go through a shell that expands $ (allowed before the session too)
    ...everywhere("sudo -s 'r$1m' x", "ask"),
    ...everywhere("sudo -i 'rm$IFS-rf$IFS/x'", "deny"),
    ...everywhere("sudo -u root -s 'r$@m' x", "ask"),
    ...everywhere("sudo -s ls", "allow", true),
    ...everywhere("echo sudo -s '$x'", "allow", true),
    ...everywhere("sudo sh -c 'rm x'", "deny", true),
  ],
};

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
  symlinkSync(realpathSync(Bun.which("rm") as string), join(playground.project, "myrm"));
  // Files a glob past a wrapper could expand to: `[r]m` is rm here, `[ar]*` is a and rm.
  for (const name of ["rm", "a"]) writeFileSync(join(playground.project, name), "");
  symlinkSync(realpathSync(Bun.which("rm") as string), join(playground.project, "r=x"));
});
afterAll(() => playground.remove());

corpusTests(GROUPS, () => playground.project);
