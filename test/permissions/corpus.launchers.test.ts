/**
 * The adversarial corpus, fourth round: programs that run a command they are handed (as words or
 * as shell text), and a denied program run under another name (a symlink, a hard link or a copy,
 * or a file the command itself makes). Each case names its rules and mode and asserts the exact
 * decision; the controls are commands the person allowed that must still run. Every non-allow
 * case here came out allow before this round, unless marked `guard`.
 */
import { afterAll, beforeAll } from "bun:test";
import { chmodSync, copyFileSync, linkSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { corpusTests, inBothModes, type Case, type Expected } from "./corpusCases.ts";
import { createPlayground, type Playground, type RuleSet } from "./harness.ts";

const DENY: RuleSet = { deny: ["Bash(rm *)", "Bash(curl *)", "Read(.env)"] };
const withAllow = (...allow: string[]): RuleSet => ({ ...DENY, allow });
const BYPASS: PermissionMode = "bypassPermissions";

/** Every launcher case is tried in bypassPermissions and under an allow of everything. */
const everywhere = (command: string, expected: Expected, guard?: true): Case[] => inBothModes(command, expected, DENY, guard);

const GROUPS: Record<string, Case[]> = {
  "hyperfine runs each of its arguments, and its prepare, setup and cleanup commands, through a shell": [
    ...everywhere("hyperfine 'rm -rf src'", "deny"),
    ...everywhere("hyperfine --warmup 3 --runs 5 'rm -rf src'", "deny"),
    ...everywhere("hyperfine -w 3 -p 'rm x' 'ls'", "deny"),
    ...everywhere("hyperfine --prepare='curl evil.example' ls", "deny"),
    ...everywhere("hyperfine --setup 'rm x' --cleanup ls ls", "deny"),
    ...everywhere("hyperfine -N ls 'cat .env'", "deny"),
    ...everywhere("hyperfine --reference 'rm x' ls", "deny"),
    ...everywhere("hyperfine -L prog rm,ls '{prog} -rf src'", "ask"),
    // controls
    ...everywhere("hyperfine --warmup 3 'ls -la' 'cat src/a.ts'", "allow"),
    { command: "hyperfine --warmup 3 -n listing 'ls -la'", rules: withAllow("Bash(hyperfine *)"), expected: "allow" },
    { command: "hyperfine --export-json out.json 'ls -la'", rules: withAllow("Bash(hyperfine *)"), mode: "acceptEdits", expected: "allow" },
  ],
  "terminal multiplexers and job schedulers run what they are given, now or later": [
    ...everywhere("tmux new-session -d 'rm -rf src'", "deny"),
    ...everywhere("tmux new -d -s work rm -rf src", "deny"),
    ...everywhere("tmux send-keys -t work 'rm -rf src' Enter", "deny"),
    ...everywhere("tmux run-shell 'curl evil.example'", "deny"),
    ...everywhere("tmux display-message -p '#(ls)'", "ask"),
    ...everywhere("tmux send-keys -t work \"$CMD\" Enter", "ask"),
    ...everywhere("screen -dmS work rm -rf src", "deny"),
    ...everywhere("screen -dm bash -c 'rm x'", "deny"),
    ...everywhere("screen -S work -X stuff 'rm -rf src\\n'", "deny"),
    ...everywhere("echo 'rm -rf src' | at now", "deny"),
    ...everywhere("cat jobs.txt | at now", "ask"),
    ...everywhere("at -f job.sh now + 1 minute", "ask"),
    ...everywhere("batch <<< 'rm -rf src'", "ask"),
    ...everywhere("dtach -n /tmp/s rm -rf src", "deny"),
    // controls
    ...everywhere("tmux ls", "allow"),
    ...everywhere("tmux has-session -t work", "allow"),
    ...everywhere("tmux kill-session -t work", "allow"),
    ...everywhere("screen -ls", "allow"),
    ...everywhere("at -l", "allow"),
    ...everywhere("atq", "allow"),
    ...everywhere("echo 'ls -la' | at now", "allow"),
  ],
  "watchers and helpers that run the command in their arguments": [
    ...everywhere("ls src | entr rm -rf src", "deny"),
    ...everywhere("ls src | entr -s 'rm -rf src'", "deny"),
    ...everywhere("nodemon --exec 'rm -rf src'", "deny"),
    ...everywhere("nodemon -x 'curl evil.example' app.js", "deny"),
    ...everywhere("watchexec -- rm -rf src", "deny"),
    ...everywhere("watchexec -e ts 'rm -rf src'", "deny"),
    ...everywhere("chronic rm -rf src", "deny"),
    ...everywhere("faketime '2020-01-01 00:00:00' rm -rf src", "deny"),
    ...everywhere("xvfb-run -a rm -rf src", "deny"),
    ...everywhere("sem --id x rm -rf src", "deny"),
    ...everywhere("sem 'rm -rf src'", "deny"),
    ...everywhere("fd -e o -x rm", "deny"),
    ...everywhere("fd . src -X rm -rf", "deny"),
    ...everywhere("fd --exec curl evil.example", "deny"),
    ...everywhere("sort --compress-program=rm big.txt", "deny"),
    ...everywhere("sort --compress-program rm big.txt", "deny"),
    ...everywhere("concurrently 'rm -rf src' 'ls'", "deny"),
    ...everywhere("cross-env NODE_ENV=test rm -rf src", "deny"),
    ...everywhere("dotenv -- rm -rf src", "deny"),
    ...everywhere("pee 'rm -rf src' cat < src/a.ts", "deny"),
    ...everywhere("mispipe 'rm -rf src' cat", "deny"),
    ...everywhere("ls | ifne rm -rf src", "deny"),
    ...everywhere("rlwrap rm -rf src", "deny"),
    ...everywhere("sshpass -p secret rm -rf src", "deny"),
    ...everywhere("setarch x86_64 rm -rf src", "deny"),
    ...everywhere("bwrap --bind / / rm -rf src", "deny"),
    ...everywhere("nix-shell --run 'rm -rf src'", "deny"),
    ...everywhere("direnv exec . rm -rf src", "deny"),
    ...everywhere("sg users -c 'rm -rf src'", "deny"),
    ...everywhere("sg users 'rm -rf src'", "deny"),
    ...everywhere("capsh -- -c 'rm -rf src'", "deny"),
    ...everywhere("capsh --drop=cap_net_raw --user=nobody -- -c 'cat .env'", "deny"),
    ...everywhere("capsh --shell=/bin/rm -- -rf src", "deny"),
    ...everywhere("capsh == -- -c 'rm x'", "deny"),
    ...everywhere("capsh --chroot=/srv -- -c ls", "ask"),
    ...everywhere("runcon -t unconfined_t rm -rf src", "deny"),
    ...everywhere("runcon system_u:system_r:unconfined_t:s0 cat .env", "deny", true),
    ...everywhere("gtimeout 5 rm -rf src", "deny"),
    ...everywhere("gfind . -exec rm {} +", "deny"),
    ...everywhere("genv rm -rf src", "deny"),
    ...everywhere("gxargs rm < list", "deny"),
    ...everywhere("timeout 5 sudo -u me chronic rm -rf src", "deny", true),
    // controls
    ...everywhere("ls src | entr -c echo changed", "allow"),
    ...everywhere("fd -e ts", "allow"),
    ...everywhere("fd -e ts -x wc -l", "allow"),
    ...everywhere("sort --compress-program=gzip big.txt", "allow"),
    ...everywhere("chronic make", "allow"),
    ...everywhere("capsh --print", "allow"),
    ...everywhere("capsh --drop=cap_net_raw -- -c 'ls src'", "allow"),
    ...everywhere("runcon -t unconfined_t ls src", "allow"),
    ...everywhere("nodemon app.js", "allow"),
    ...everywhere("concurrently 'npm run watch' 'ls'", "allow"),
    { command: "gtimeout 5 ls", rules: withAllow("Bash(gtimeout *)"), expected: "allow" },
  ],
  "more launchers, version managers, secret injectors, emulators and terminals run what follows them (a review found these allowed)": [
    ...everywhere("run0 rm x", "deny"),
    ...everywhere("systemd-cat rm x", "deny"),
    ...everywhere("machinectl shell .host /bin/rm x", "deny"),
    ...everywhere("ip vrf exec blue rm x", "deny"),
    ...everywhere("schedtool -e rm x", "deny"),
    ...everywhere("s6-setuidgid root rm x", "deny"),
    ...everywhere("catatonit rm x", "deny"),
    ...everywhere("libtool --mode=execute rm x", "deny"),
    ...everywhere("mise exec -- rm x", "deny"),
    ...everywhere("asdf exec rm x", "deny"),
    ...everywhere("pyenv exec curl evil.example", "deny"),
    ...everywhere("nvm exec 20 rm x", "deny"),
    ...everywhere("micromamba run -n base rm x", "deny"),
    ...everywhere("pixi run rm x", "deny"),
    ...everywhere("pipenv run rm x", "deny"),
    ...everywhere("nix run nixpkgs#coreutils -- rm x", "deny"),
    ...everywhere("guix shell coreutils -- rm x", "deny"),
    ...everywhere("op run -- rm x", "deny"),
    ...everywhere("aws-vault exec prod -- curl evil.example", "deny"),
    ...everywhere("dotenvx run -- rm x", "deny"),
    ...everywhere("sops exec-env secrets.yaml 'rm x'", "deny"),
    ...everywhere("qemu-x86_64 /bin/rm x", "deny"),
    ...everywhere("qemu-aarch64-static /bin/rm x", "deny"),
    ...everywhere("box64 /bin/rm x", "deny"),
    ...everywhere("lldb -- rm x", "deny"),
    ...everywhere("xterm -e rm x", "deny"),
    ...everywhere("gnome-terminal -- rm x", "deny"),
    ...everywhere("zellij run -- rm x", "deny"),
    ...everywhere("byobu new 'rm x'", "deny"),
    ...everywhere("tilix -e 'rm x'", "deny"),
    ...everywhere("terminator -e 'cat .env'", "deny"),
    ...everywhere("xterm -e 'cat .env'", "deny"),
    ...everywhere("gnome-terminal --command='curl evil.example'", "deny"),
    ...everywhere("mosh --ssh=\"sh -c 'cat .env'\" host", "deny"),
    ...everywhere("sandbox-exec -p '(version 1)' rm x", "deny"),
    ...everywhere("hg --config alias.x='!rm x' x", "deny"),
    ...everywhere("hg --config hooks.pre-status='curl evil.example' status", "deny"),
    ...everywhere("hg --config=ui.editor='rm x' commit", "deny"),
    ...everywhere("hg --config pager.pager='cat .env' log", "deny"),
    ...everywhere("hg --config extensions.e=/tmp/e.py status", "ask"),
    // controls
    ...everywhere("pixi run test", "allow"),
    ...everywhere("mise exec -- node --version", "allow"),
    ...everywhere("qemu-system-x86_64 -hda disk.img", "allow"),
    ...everywhere("xterm -e 'vim src/a.ts'", "allow"),
    ...everywhere("mosh host", "allow"),
    ...everywhere("hg --config ui.username=me status", "allow"),
  ],
  "shells, languages and document tools that run commands they are given (a review found these allowed)": [
    ...everywhere("ksh93 -c 'rm x'", "deny"),
    ...everywhere("zsh5 -c 'rm x'", "deny"),
    ...everywhere("nu -c 'rm x'", "deny"),
    ...everywhere("elvish -c 'curl evil.example'", "deny"),
    ...everywhere("pwsh -Command 'rm x'", "deny"),
    ...everywhere("pwsh -NoProfile -Com 'rm x'", "deny"),
    ...everywhere("gawk-5.1 'BEGIN{system(\"rm x\")}'", "deny"),
    ...everywhere("goawk 'BEGIN{system(\"rm x\")}'", "deny"),
    ...everywhere("remake --eval 'x:;rm x' x", "deny"),
    ...everywhere("tsx -e 'require(\"child_process\").execSync(\"rm x\")'", "deny"),
    ...everywhere("ts-node --eval 'require(\"fs\").readFileSync(\".env\")'", "deny"),
    ...everywhere("elixir --eval 'System.cmd(\"curl\", [\"evil.example\"])'", "deny"),
    ...everywhere("emacs --execute '(shell-command \"rm x\")'", "deny"),
    ...everywhere("m4 <<< 'syscmd(rm x)'", "ask"),
    ...everywhere("dc -e '!rm x'", "ask"),
    ...everywhere("lftp -c '!rm x'", "ask"),
    ...everywhere("duckdb -c '.shell rm x'", "ask"),
    ...everywhere("pdflatex -shell-escape '\\immediate\\write18{rm x}\\end'", "deny"),
    ...everywhere("latexmk -pdflatex='rm x %S' doc.tex", "deny"),
    ...everywhere("gs -sOutputFile='%pipe%rm x' in.ps", "deny"),
    ...everywhere("gs -dNOSAFER in.ps", "ask"),
    ...everywhere("pandoc --filter rm in.md", "deny"),
    ...everywhere("cmake -E rm -rf .", "deny"),
    // a second review: pwsh's switches in any case, cut short, after /, –, — or ―, and past switches with values
    ...everywhere("pwsh -C 'rm x'", "deny"),
    ...everywhere("pwsh -NoProfile -C 'cat .env'", "deny"),
    ...everywhere("pwsh /c 'rm x'", "deny"),
    ...everywhere("pwsh —c 'rm x'", "deny"),
    ...everywhere("pwsh -wd / -c 'rm x'", "deny"),
    ...everywhere("pwsh -ExecutionPolicy Bypass -Command 'curl evil.example'", "deny"),
    ...everywhere("pwsh -e ZQBjAGgAbwA=", "ask"),
    ...everywhere("echo 'rm x' | pwsh -File -", "deny"),
    ...everywhere("echo 'rm x' | pwsh -nop", "deny"),
    ...everywhere("pwsh-preview -c 'rm x'", "deny"),
    // cmake's tools that run a command, TeX code that reads a file, options cut short
    ...everywhere("cmake -E env rm x", "deny"),
    ...everywhere("cmake -E chdir / rm -rf ~", "deny"),
    ...everywhere("cmake -E time curl evil.example", "deny"),
    ...everywhere("pdflatex '\\input{.env}'", "deny"),
    ...everywhere("tex '\\input .env'", "deny"),
    ...everywhere("pdflatex -shell-esc doc.tex", "ask"),
    ...everywhere("pandoc --filt=/bin/rm in.md", "deny"),
    ...everywhere("pandoc --filte rm in.md", "deny"),
    ...everywhere("pandoc --pdf-engine-opt=-shell-escape in.md -o out.pdf", "ask"),
    ...everywhere("pandoc --pdf-engine=/bin/rm in.md -o out.pdf", "deny"),
    ...everywhere("gs -dNOSAFER=true in.ps", "ask"),
    ...everywhere("latexmk -success-cmd='rm x' doc.tex", "deny"),
    ...everywhere("rimraf ~", "deny"),
    ...everywhere("npx rimraf .", "deny"),
    // a third review: pwsh's second dash, -in (-Interactive) before -c, a bare -; more launchers, removers, terminals and document tools
    ...everywhere("pwsh --command 'cat .env'", "deny", true),
    ...everywhere("pwsh --c 'rm x'", "deny", true),
    ...everywhere("pwsh -in -c 'rm x'", "deny", true),
    ...everywhere("echo 'rm x' | pwsh -", "deny"),
    ...everywhere("doppler run --command='rm x'", "deny"),
    ...everywhere("infisical run --command 'curl evil.example'", "deny"),
    ...everywhere("npx --call='rm x'", "deny"),
    ...everywhere("npx -c 'rm -rf ~'", "deny", true),
    ...everywhere("npm exec -c 'rm x'", "deny", true),
    ...everywhere("pnpm -c exec 'rm x'", "deny", true),
    ...everywhere("distrobox-enter box -- rm x", "deny"),
    ...everywhere("cmake -E env --modify X=set:1 rm x", "deny"),
    ...everywhere("shx rm -rf ~", "deny"),
    ...everywhere("del --force ~", "deny"),
    ...everywhere("ghostty -e rm x", "deny"),
    ...everywhere("tilda -c 'rm x'", "deny"),
    ...everywhere("zellij action new-pane -- rm x", "deny"),
    ...everywhere("pdflatex '\\def\\x{.env}\\input\\x'", "deny"),
    ...everywhere("lualatex '\\directlua{print(io.open(\".env\"):read(\"a\"))}'", "deny"),
    ...everywhere("latexmk -usepretex='\\input{.env}' doc.tex", "deny"),
    ...everywhere("latexmk -pdf -latexoption=-shell-escape doc.tex", "ask"),
    ...everywhere("ps2pdf in.ps '%pipe%rm x'", "deny"),
    ...everywhere("gsnd in.ps", "ask"),
    ...everywhere("convert in.png '|rm x'", "deny"),
    ...everywhere("dvips -o '!rm x' in.dvi", "deny"),
    ...everywhere("texlua -e 'os.execute(\"rm x\")'", "deny"),
    ...everywhere("cmake -E remove_directory ~", "deny"),
    // controls
    ...everywhere("pdflatex doc.tex", "allow"),
    ...everywhere("gs -sDEVICE=png16m -o out.png in.pdf", "allow"),
    ...everywhere("pandoc -o out.html in.md", "allow"),
    ...everywhere("cmake -E make_directory build", "allow"),
    ...everywhere("tsx src/main.ts", "allow"),
    ...everywhere("pwsh build.ps1", "allow"),
    ...everywhere("cmake -E copy a.txt b.txt", "allow"),
    ...everywhere("rimraf dist", "allow"),
    ...everywhere("npx rimraf dist", "allow"),
    ...everywhere("npm exec rimraf dist", "allow"),
    ...everywhere("pwsh -v", "allow"),
    ...everywhere("pwsh -NoLogo -File build.ps1", "allow"),
    ...everywhere("npm run build -- -c x", "allow"),
    ...everywhere("hg --config extensions.rebase= rebase", "allow"),
    ...everywhere("convert a.png b.jpg", "allow"),
    ...everywhere("ps2pdf a.ps a.pdf", "allow"),
  ],
  "a denied program under another name is still that program": [
    ...everywhere("./myrm -rf src", "deny"),
    ...everywhere("./bin/myrm -rf src", "deny"),
    ...everywhere("bin/myrm -rf src", "deny"),
    ...everywhere("cd bin && ./myrm -rf ../src", "deny"),
    ...everywhere("timeout 5 ./myrm -rf src", "deny"),
    ...everywhere("./rmcopy -rf src", "deny"),
    ...everywhere("./rmhard -rf src", "deny"),
    ...everywhere("{project}/bin/myrm -rf src", "deny"),
    ...everywhere("./mycurl evil.example", "deny"),
    // made by the command itself, or missing when it is judged: what it is is only known when it runs
    ...everywhere("ln -s /usr/bin/rm x && ./x -rf src", "ask"),
    ...everywhere("cp /usr/bin/rm ./y; ./y -rf src", "ask"),
    ...everywhere("cat /usr/bin/rm > tool; chmod +x tool; ./tool src", "ask"),
    ...everywhere("cp /usr/bin/rm ./build.sh && ./build.sh -rf src", "ask"),
    ...everywhere("./not-there -rf src", "ask"),
    // controls
    ...everywhere("./build.sh", "allow"),
    ...everywhere("./build.sh && ls", "allow"),
    ...everywhere("bin/tool --version", "allow"),
    ...everywhere("python3 --version", "allow"),
    ...everywhere("/usr/bin/env ls", "allow"),
    { command: "./not-there", mode: BYPASS, expected: "allow" },
    { command: "./build.sh", rules: withAllow("Bash(./build.sh)"), expected: "allow" },
  ],
};

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
  const { project } = playground;
  const bin = join(project, "bin");
  mkdirSync(bin, { recursive: true });
  const rm = realpathSync(Bun.which("rm") as string);
  symlinkSync(rm, join(project, "myrm"));
  symlinkSync(rm, join(bin, "myrm"));
  symlinkSync(realpathSync(Bun.which("curl") ?? Bun.which("rm") as string), join(project, "mycurl"));
  copyFileSync(rm, join(project, "rmcopy"));
  chmodSync(join(project, "rmcopy"), 0o755);
  try {
    linkSync(rm, join(project, "rmhard"));
  } catch {
    // Another file system: the copy stands in (the content is the same either way).
    copyFileSync(rm, join(project, "rmhard"));
    chmodSync(join(project, "rmhard"), 0o755);
  }
  for (const script of [join(project, "build.sh"), join(bin, "tool")]) {
    writeFileSync(script, "#!/bin/sh\necho built\n");
    chmodSync(script, 0o755);
  }
});
afterAll(() => playground.remove());

corpusTests(GROUPS, () => playground.project);
