/**
 * The adversarial corpus, wrappers read exactly: past `timeout 5`, `nice -n 5`, `time -p`,
 * `nohup`, `stdbuf -oL`, `setsid -w` and `env [options] [A=1...]` the command is the word after
 * them, so a denied program's name later in its arguments (`timeout 10 git rm x`, `time grep rm
 * log`) is an argument, not a command. Every wrapper option, value or command word not read
 * exactly still has any later word tried (the guards). Each case names its rules and mode and
 * asserts the exact decision; every case not marked `guard` came out deny or ask before this round.
 */
import { afterAll, beforeAll } from "bun:test";
import { realpathSync, symlinkSync } from "node:fs";
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
    ...everywhere("time -v rm x", "deny", true),
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
};

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
  symlinkSync(realpathSync(Bun.which("rm") as string), join(playground.project, "myrm"));
});
afterAll(() => playground.remove());

corpusTests(GROUPS, () => playground.project);
