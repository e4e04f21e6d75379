/**
 * The adversarial corpus, fifth round (a review of the fourth): option spellings the launcher
 * readers missed, a shell or wrapper run under another name, programs handed words from input or
 * a search (xargs, find -exec, fd -x), writes no path names exactly, git's global options, and the
 * over-blocking the fourth round brought (version-manager shims, session names, option values).
 * Each case names its rules and mode and asserts the exact decision; every non-allow case came out
 * allow before this round, and every control came out deny or ask, unless marked `guard`.
 */
import { afterAll, beforeAll } from "bun:test";
import { chmodSync, copyFileSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { corpusTests, inBothModes, type Case, type Expected } from "./corpusCases.ts";
import { createPlayground, type Playground, type RuleSet } from "./harness.ts";

const DENY: RuleSet = { deny: ["Bash(rm *)", "Bash(curl *)", "Bash(git push *)"] };


/** Tried in bypassPermissions and under an allow of everything, with `deny` as the deny rules. */
const everywhere = (command: string, expected: Expected, deny: RuleSet = DENY, guard?: true): Case[] => inBothModes(command, expected, deny, guard);

const PYTHON: RuleSet = { deny: ["Bash(python *)"] };
const PIP: RuleSet = { deny: ["Bash(pip *)"] };

const GROUPS: Record<string, Case[]> = {
  "launchers' options as their own parsers read them": [
    ...everywhere("nodemon -V -x 'rm x'", "deny"),
    ...everywhere("nodemon -s SIGTERM -x 'rm x'", "deny"),
    ...everywhere("nodemon -P 100 -x 'rm x'", "deny"),
    ...everywhere("nodemon --polling-interval 100 --exec 'rm x'", "deny"),
    ...everywhere("nodemon app.js --exec 'rm x'", "deny"),
    ...everywhere("fd -Hx rm", "deny"),
    ...everywhere("fd -HIx rm", "deny"),
    ...everywhere("fd -xrm", "deny"),
    ...everywhere("fd -e o --exec=rm", "deny"),
    ...everywhere("fd --exec-batch=rm", "deny"),
    ...everywhere("sg - users -c 'rm x'", "deny"),
    ...everywhere("sg - users 'rm x'", "deny"),
    ...everywhere("script -c'rm x' /dev/null", "deny"),
    ...everywhere("script -qc 'rm x' /dev/null", "deny", DENY, true),
    ...everywhere("su -c'rm x'", "deny"),
    ...everywhere("watchexec -o restart 'rm x'", "deny", DENY, true),
    ...everywhere("tmux split-window -h -p 50 'rm x'", "deny", DENY, true),
    ...everywhere("coreutils rm x", "deny"),
    ...everywhere("coreutils --coreutils-prog=rm x", "deny"),
    ...everywhere("yarn run concurrently 'rm x'", "deny"),
    // controls
    ...everywhere("fd -e x", "allow", DENY, true),
    ...everywhere("fd -x wc -l", "allow", DENY, true),
    ...everywhere("nodemon -V app.js", "allow", DENY, true),
    ...everywhere("script -q /dev/null", "allow", DENY, true),
  ],
  "git's global options before a denied subcommand": [
    ...everywhere("git -C . push origin main", "deny"),
    ...everywhere("git -c user.name=x push", "deny"),
    ...everywhere("git --no-pager push", "deny"),
    ...everywhere("git -p push", "deny"),
    ...everywhere("git --git-dir=.git push", "deny"),
    // controls
    ...everywhere("git -C . status", "allow", DENY, true),
    ...everywhere("git -c core.pager=cat log", "allow", DENY, true),
  ],
  "a shell or wrapper under another name is asked about": [
    ...everywhere("./mysh -c 'rm x'", "ask"),
    ...everywhere("./zsh1 -c 'rm x'", "ask"),
    ...everywhere("./bashcopy -c 'rm x'", "ask"),
    ...everywhere("./myenv rm x", "ask"),
    ...everywhere("./envcopy rm x", "ask"),
    ...everywhere("./mytimeout 5 rm x", "ask"),
    ...everywhere("./myxargs rm < list", "ask"),
    ...everywhere("env A=1 B=2 C=3 D=4 E=5 F=6 G=7 H=8 ./myrm x", "deny"),
    ...everywhere("sudo -u root -g root -h host -p prompt -C 3 -r role -t type ./myrm x", "deny"),
    // (with -D the command runs in that folder, where ./myrm is some other file: asked)
    ...everywhere("sudo -u root -g root -h host -p prompt -C 3 -D /tmp -r role -t type ./myrm x", "ask"),
    // controls: the real names, and programs whose real file has another name of the same kind
    ...everywhere("sh -c 'ls'", "allow", DENY, true),
    ...everywhere("python3 -c 'print(1)'", "ask", DENY, true),
    ...everywhere("./venv/bin/python --version", "allow", DENY, true),
  ],
  "programs handed words from input or a search": [
    ...everywhere("xargs -I{} sh -c {} < list", "ask"),
    ...everywhere("xargs hyperfine < list", "ask"),
    ...everywhere("xargs tmux new -d < list", "ask"),
    ...everywhere("xargs concurrently < list", "ask"),
    ...everywhere("xargs timeout 5 < list", "ask"),
    ...everywhere("xargs env < list", "ask"),
    ...everywhere("find . -exec hyperfine {} \\;", "ask"),
    ...everywhere("find . -name '*.sh' -exec sh -c {} \\;", "ask"),
    ...everywhere("find . -exec {} \\;", "ask"),
    ...everywhere("fd -x hyperfine", "ask"),
    // controls
    ...everywhere("xargs -I{} cp {} dest/ < list", "allow", DENY, true),
    ...everywhere("xargs grep -l needle < list", "allow", DENY, true),
    ...everywhere("find . -name '*.ts' -exec grep -l needle {} +", "allow", DENY, true),
    ...everywhere("find . -type f -exec sh -c 'wc -l \"$1\"' _ {} \\;", "allow", DENY, true),
    ...everywhere("xargs -n 1 basename < list", "allow", DENY, true),
  ],
  "a program the command may replace without naming it exactly": [
    ...everywhere("cp /usr/bin/rm build.* && ./build.sh x", "ask"),
    ...everywhere("cp /usr/bin/rm $PWD/build.sh && ./build.sh x", "ask"),
    ...everywhere("cp /usr/bin/rm \"$(pwd)/build.sh\" && ./build.sh x", "ask"),
    ...everywhere("echo /usr/bin/rm | xargs -I{} cp {} build.sh && ./build.sh x", "ask"),
    ...everywhere("tar xf t.tar && ./build.sh", "ask"),
    ...everywhere("git checkout evil -- build.sh && ./build.sh x", "ask"),
    ...everywhere("tar xf t.tar && timeout 5 ./zz x", "ask"),
    ...everywhere("cp /usr/bin/rm build.s? && ./build.sh x", "ask"),
    // controls
    ...everywhere("chmod +x build.sh && ./build.sh", "allow", DENY, true),
    ...everywhere("cat build.sh && ./build.sh", "allow", DENY, true),
    ...everywhere("bwrap --ro-bind / / ls", "allow", DENY, true),
    ...everywhere("dtach -n /tmp/not-a-socket make", "allow", DENY, true),
    ...everywhere("sh -c './build.sh'", "allow", DENY, true),
    ...everywhere("npm test && ./build.sh", "allow", DENY, true),
    ...everywhere("echo done > \"$TMPDIR/log\" && ./build.sh", "allow", DENY, true),
    ...everywhere("sed -i 's/a/b/' *.md && ./build.sh", "allow", DENY, true),
  ],
  "a second review: wrappers before git, subcommands and programs filled in, files replaced unnamed": [
    ...everywhere("timeout 5 git -C . push", "deny"),
    ...everywhere("sudo git -C . push", "deny"),
    ...everywhere("env git -c a=b push", "deny"),
    ...everywhere("git <<EOF push origin main\nx\nEOF", "deny"),
    ...everywhere("echo push | xargs git", "ask"),
    ...everywhere("xargs -I% git % < list", "ask"),
    ...everywhere("find . -name myrm -exec env {} x \\;", "ask"),
    ...everywhere("fd myrm -x env {} x", "ask"),
    ...everywhere("git checkout evil && ./build.sh x", "ask"),
    ...everywhere("git stash pop && ./build.sh x", "ask"),
    ...everywhere("patch -p1 < p.diff && ./build.sh x", "ask"),
    ...everywhere("unzip -o z.zip && ./build.sh x", "ask"),
    ...everywhere("cp /usr/bin/rm node_modules/.bin/tsc && npx tsc x", "ask"),
    ...everywhere("cp /usr/bin/rm .venv/bin/pytest && uv run pytest x", "ask"),
    ...everywhere("/usr/bin/cp /usr/bin/rm node_modules/.bin/tsc && npx tsc x", "ask"),
    ...everywhere("/bin/cp /usr/bin/rm .venv/bin/pytest && uv run pytest x", "ask"),
    // controls
    ...everywhere("xargs git add < list", "allow", DENY, true),
    ...everywhere("find . -exec chmod 644 {} \\;", "allow", DENY, true),
    ...everywhere("git status && ./build.sh", "allow", DENY, true),
    ...everywhere("make && ./build.sh", "allow", DENY, true),
  ],
  "names and values are not commands (no over-blocking)": [
    ...everywhere("tmux new-window -n python vim", "allow", PYTHON),
    ...everywhere("tmux new -s python -d htop", "allow", PYTHON),
    ...everywhere("tmux kill-session -t python", "allow", PYTHON),
    ...everywhere("tmux attach -t rm", "allow"),
    ...everywhere("screen -S python -dm htop", "allow", PYTHON),
    ...everywhere("screen -r rm", "allow"),
    // guards: what these run is still judged
    ...everywhere("screen -xR rm x", "deny", DENY, true),
    ...everywhere("sem --timeout 10 rm x", "deny", DENY, true),
    ...everywhere("watchexec -W lib rm x", "deny", DENY, true),
    ...everywhere("entr -c make python", "allow", PYTHON),
    ...everywhere("command -v rm", "allow"),
    ...everywhere("command -V rm", "allow"),
    ...everywhere("command -p rm x", "deny", DENY, true),
    ...everywhere("make -C src test", "allow"),
    ...everywhere("make -C /tmp/elsewhere", "ask", DENY, true),
    ...everywhere("make -C $DIR", "ask", DENY, true),
    ...everywhere("tmux new -s work -d python app.py", "deny", PYTHON, true),
    ...everywhere("screen -dmS python rm x", "deny", DENY, true),
  ],
  "version-manager shims are one script under many names, not copies of each other": [
    ...everywhere("python3 --version", "allow", PIP),
    ...everywhere("pytest -q", "allow", PYTHON),
    ...everywhere("pip install x", "deny", PIP, true),
  ],
};

let playground: Playground;
let savedPath: string | undefined;
beforeAll(() => {
  playground = createPlayground();
  const { project } = playground;
  const real = (name: string) => realpathSync(Bun.which(name) as string);
  symlinkSync(real("rm"), join(project, "myrm"));
  symlinkSync(real("sh"), join(project, "mysh"));
  symlinkSync(real("bash"), join(project, "zsh1"));
  symlinkSync(real("env"), join(project, "myenv"));
  symlinkSync(real("timeout"), join(project, "mytimeout"));
  symlinkSync(real("xargs"), join(project, "myxargs"));
  mkdirSync(join(project, "venv", "bin"), { recursive: true });
  symlinkSync(real("python3"), join(project, "venv", "bin", "python"));
  for (const [copy, of] of [["bashcopy", "bash"], ["envcopy", "env"]] as const) {
    copyFileSync(real(of), join(project, copy));
    chmodSync(join(project, copy), 0o755);
  }
  writeFileSync(join(project, "build.sh"), "#!/bin/sh\necho built\n");
  chmodSync(join(project, "build.sh"), 0o755);
  // pyenv's shims: the same script under each name, first on PATH.
  const shims = join(project, "shims");
  mkdirSync(shims);
  for (const name of ["python3", "pip", "pytest", "python"]) {
    writeFileSync(join(shims, name), "#!/usr/bin/env bash\nexec pyenv exec \"${0##*/}\" \"$@\"\n");
    chmodSync(join(shims, name), 0o755);
  }
  savedPath = process.env.PATH;
  process.env.PATH = `${shims}:${savedPath ?? ""}`;
});
afterAll(() => {
  process.env.PATH = savedPath;
  playground.remove();
});

corpusTests(GROUPS, () => playground.project);
