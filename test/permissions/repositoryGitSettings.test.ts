/**
 * A repository's own git settings never make a git command run without asking: real
 * repositories on disk whose `.git/config` (or a worktree's, or a bare repository's `config`)
 * names a program that the read-only git commands would start (fsmonitor, pagers, external diff,
 * textconv, filters, includes). Settings those commands never use (hooks, credentials,
 * editors) and booleans leave them read-only, and a person's own allow rule still allows.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { Bash, decideFor, type RuleSet } from "./harness.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

const GIT = Bun.which("git");
let root: TemporaryFolder;

function git(cwd: string, ...args: string[]): void {
  const run = Bun.spawnSync([GIT as string, ...args], { cwd, stdout: "ignore", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

/** A repository under the root whose .git/config ends with `extra`. */
function repository(name: string, extra = ""): string {
  const folder = join(root.path, name);
  mkdirSync(folder, { recursive: true });
  git(folder, "init", "-q");
  if (extra !== "") writeFileSync(join(folder, ".git", "config"), `[core]\n\trepositoryformatversion = 0\n\tbare = false\n${extra}`);
  return folder;
}

beforeAll(() => {
  if (GIT === null) return;
  root = createTemporaryFolder("toolshed-git-settings-");
  repository("clean");
  repository("fsmonitor", "[core]\n\tfsmonitor = /tmp/evil-monitor.sh\n");
  repository("fsmonitor-builtin", "[core]\n\tfsmonitor = true\n");
  repository("external-diff", "[diff]\n\texternal = /tmp/evil-diff\n");
  repository("textconv", '[diff "bin"]\n\ttextconv = "sh -c \\"touch /tmp/x\\""\n');
  repository("filter", '[filter "crypt"]\n\tclean = ./decrypt.sh\n');
  repository("pager", "[core]\n\tpager = ./page.sh\n");
  repository("pager-off", "[pager]\n\tlog = false\n\tbranch\n");
  repository("husky", "[core]\n\thooksPath = .husky/_\n[credential]\n\thelper = store\n[core]\n\teditor = vim\n[alias]\n\tst = status\n");
  repository("include", "[include]\n\tpath = ../shared.gitconfig\n");
  repository("garbled", "[core\n\tfsmonitor = x\n");
  repository("continued", "[core]\n\tfsmonitor = /tmp/ev\\\nil.sh\n");
  // A worktree-style checkout: .git is a file naming a repository kept elsewhere.
  const kept = repository("kept-elsewhere", "[core]\n\tfsmonitor = /tmp/evil-monitor.sh\n");
  const linked = join(root.path, "linked");
  mkdirSync(linked);
  writeFileSync(join(linked, ".git"), `gitdir: ${join(kept, ".git")}\n`);
  // A clean repository holding a nested repository, and a bare repository, with their own settings.
  const outer = repository("outer");
  const nested = join(outer, "vendor");
  mkdirSync(nested);
  git(nested, "init", "-q");
  writeFileSync(join(nested, ".git", "config"), "[core]\n\tfsmonitor = ./mon.sh\n");
  const bare = join(outer, "mirror.git");
  mkdirSync(bare);
  git(bare, "init", "-q", "--bare");
  writeFileSync(join(bare, "config"), "[core]\n\tbare = true\n[diff]\n\texternal = ./diff.sh\n");
  // Reached through a symlink into it: git walks up the real path, not the name.
  symlinkSync(join(bare, "objects"), join(outer, "into-mirror"));
  repository("alternate-refs", "[core]\n\talternateRefsCommand = ./refs.sh\n");
  repository("help-man", '[man "man"]\n\tpath = .git/evil.sh\n');
  repository("help-web", "[help]\n\tformat = web\n[browser \"w3m\"]\n\tpath = ./w3m.sh\n");
  repository("partial-upload-pack", '[extensions]\n\tpartialClone = origin\n[remote "origin"]\n\turl = /tmp/x\n\tpromisor = true\n\tuploadpack = ./evil.sh\n');
  repository("partial-credential", '[extensions]\n\tpartialClone = origin\n[remote "origin"]\n\turl = https://example.com/r\n\tpromisor = true\n[credential]\n\thelper = ./evil.sh\n');
  repository("blobless", '[extensions]\n\tpartialClone = origin\n[remote "origin"]\n\turl = https://example.com/r\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n\tpromisor = true\n\tpartialclonefilter = blob:none\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n');
  repository("quoted-boolean", '[core]\n\tfsmonitor = " yes"\n');
  const hooked = repository("index-hook");
  writeFileSync(join(hooked, ".git", "hooks", "post-index-change"), "#!/bin/sh\n");
  const hooksPath = repository("index-hook-path", "[core]\n\thooksPath = .githooks\n");
  mkdirSync(join(hooksPath, ".githooks"));
  writeFileSync(join(hooksPath, ".githooks", "post-index-change"), "#!/bin/sh\n");
  // An embedded repository added to the index (a gitlink, without .gitmodules).
  const embedding = repository("embedding");
  const embedded = join(embedding, "inner");
  mkdirSync(embedded);
  git(embedded, "init", "-q");
  git(embedded, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "x");
  git(embedding, "add", "inner");
  const modules = repository("with-modules");
  writeFileSync(join(modules, ".gitmodules"), '[submodule "lib"]\n\tpath = lib\n\turl = ../lib\n');
  // A checked-out embedded repository whose own settings are plain, and one whose are not.
  const plainOuter = repository("plain-outer");
  const plainInner = join(plainOuter, "inner");
  mkdirSync(plainInner);
  git(plainInner, "init", "-q");
  git(plainInner, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "x");
  git(plainOuter, "add", "inner");
  const gh = repository("gh-cli", '[remote "origin"]\n\turl = https://github.com/o/r\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n\tgh-resolved = base\n[remote]\n\tpushDefault = origin\n[gpg]\n\tformat = ssh\n[core]\n\tpager = delta\n');
  void gh;
  repository("lfs-local", '[filter "lfs"]\n\tclean = git-lfs clean -- %f\n\tsmudge = git-lfs smudge -- %f\n\tprocess = git-lfs filter-process\n\trequired = true\n');
  repository("lfs-impostor", '[filter "lfs"]\n\tclean = ./git-lfs clean -- %f\n');
  repository("gpg-program", "[gpg]\n\tprogram = ./sign.sh\n");
  repository("everyday", "[core]\n\tsshCommand = ssh -i ~/.ssh/work\n\taskPass = ./pass.sh\n\tuseReplaceRefs = false\n\tfsmonitorHookVersion = 2\n[diff]\n\ttool = vscode\n[interactive]\n\tdiffFilter = delta --color-only\n[help]\n\tautocorrect = prompt\n");
  // A .git file whose path ends in a space: git keeps the space.
  const spaced = join(root.path, "store.git ");
  mkdirSync(spaced);
  git(spaced, "init", "-q", "--bare");
  writeFileSync(join(spaced, "config"), "[core]\n\tbare = false\n\tfsmonitor = ./evil.sh\n");
  mkdirSync(join(root.path, "store.git"));
  const pointing = join(root.path, "pointing");
  mkdirSync(pointing);
  writeFileSync(join(pointing, ".git"), `gitdir: ${spaced}\n`);
  const seen = Bun.spawnSync([GIT as string, "rev-parse", "--git-dir"], { cwd: pointing, stdout: "pipe", stderr: "pipe" });
  if (seen.stdout.toString().trim() !== spaced.trimEnd() && !seen.stdout.toString().startsWith(spaced)) throw new Error(`git reads the pointer as ${seen.stdout}${seen.stderr}`);
  // An empty .git folder inside a repository with such settings: git skips it and goes on up.
  mkdirSync(join(root.path, "fsmonitor", "sub", ".git"), { recursive: true });
  // A .git folder with objects and refs but a HEAD git does not accept: git skips it too.
  mkdirSync(join(root.path, "fsmonitor", "fake", ".git", "objects"), { recursive: true });
  mkdirSync(join(root.path, "fsmonitor", "fake", ".git", "refs"));
  writeFileSync(join(root.path, "fsmonitor", "fake", ".git", "HEAD"), "garbage\n");
  writeFileSync(join(root.path, "fsmonitor", "fake", ".git", "config"), "[core]\n\tbare = false\n");
  repository("form-feed", "[core]\n\tfsmonitor = \f\n");
  // Deeper than the walk goes.
  mkdirSync(join(root.path, "fsmonitor", ...Array.from({ length: 520 }, () => "d")), { recursive: true });
  const fifoRepository = repository("fifo-config");
  rmSync(join(fifoRepository, ".git", "config"));
  Bun.spawnSync(["mkfifo", join(fifoRepository, ".git", "config")]);
});
afterAll(() => root?.remove());

interface Case {
  name: string;
  folder: string;
  command: string;
  rules?: RuleSet;
  mode?: PermissionMode;
  expected: "allow" | "ask" | "deny";
  reason?: string;
}

const CASES: Case[] = [
  { name: "git status in a clean repository", folder: "clean", command: "git status", expected: "allow" },
  { name: "git log and git diff in a clean repository", folder: "clean", command: "git log --oneline -5 && git diff --stat", expected: "allow" },
  { name: "core.fsmonitor runs on git status", folder: "fsmonitor", command: "git status", expected: "ask", reason: "core.fsmonitor = /tmp/evil-monitor.sh" },
  { name: "core.fsmonitor on git log too", folder: "fsmonitor", command: "git log", expected: "ask", reason: "core.fsmonitor" },
  { name: "plan mode refuses what would run the program", folder: "fsmonitor", command: "git status", mode: "plan", expected: "deny" },
  { name: "acceptEdits does not take it as read-only either", folder: "fsmonitor", command: "git status", mode: "acceptEdits", expected: "ask" },
  { name: "the built-in fsmonitor (true) runs nothing of the repository's", folder: "fsmonitor-builtin", command: "git status", expected: "allow" },
  { name: "diff.external runs on git diff", folder: "external-diff", command: "git diff", expected: "ask", reason: "diff.external = /tmp/evil-diff" },
  { name: "a textconv driver runs on git log -p", folder: "textconv", command: "git log -p", expected: "ask", reason: "textconv" },
  { name: "a clean filter runs on git status", folder: "filter", command: "git status", expected: "ask", reason: "filter.crypt.clean = ./decrypt.sh" },
  { name: "core.pager: toolshed's commands write to a file, so git starts no pager", folder: "pager", command: "git log", expected: "allow" },
  { name: "pagers switched off by booleans", folder: "pager-off", command: "git log && git branch", expected: "allow" },
  { name: "hooks, credentials, editors and aliases: unused by read-only commands (husky)", folder: "husky", command: "git status && git diff", expected: "allow" },
  { name: "an include the analysis cannot see", folder: "include", command: "git status", expected: "ask", reason: "include.path" },
  { name: "settings toolshed cannot read", folder: "garbled", command: "git status", expected: "ask", reason: "cannot be read by toolshed" },
  { name: "a value continued on the next line", folder: "continued", command: "git status", expected: "ask", reason: "/tmp/evil.sh" },
  { name: "a .git file pointing at a repository with such settings", folder: "linked", command: "git status", expected: "ask", reason: "core.fsmonitor" },
  { name: "cd into a nested repository with its own settings", folder: "outer", command: "cd vendor && git log", expected: "ask", reason: "core.fsmonitor = ./mon.sh" },
  { name: "the outer repository itself is fine", folder: "outer", command: "git log", expected: "allow" },
  { name: "cd into a bare repository with an external diff", folder: "outer", command: "cd mirror.git && git log -p", expected: "ask", reason: "diff.external" },
  { name: "a folder only known when the command runs", folder: "clean", command: 'cd "$WHERE" && git status', expected: "ask" },
  { name: "the person's own allow rule still allows", folder: "fsmonitor", command: "git status", rules: { allow: ["Bash(git status)"] }, expected: "allow" },
  { name: "a deny rule still denies in a clean repository", folder: "clean", command: "git status", rules: { deny: ["Bash(git status)"] }, expected: "deny" },
  { name: "other read-only commands are not affected", folder: "fsmonitor", command: "ls && cat .git/config", expected: "allow" },
  { name: "a symlink into a bare repository: git walks up the real path", folder: "outer", command: "cd into-mirror && git log -p", expected: "ask", reason: "diff.external" },
  { name: "core.alternateRefsCommand", folder: "alternate-refs", command: "git log --alternate-refs", expected: "ask", reason: "alternaterefscommand" },
  { name: "man.<tool>.path on git help", folder: "help-man", command: "git help log", expected: "ask", reason: "man.man.path" },
  { name: "a browser for git help", folder: "help-web", command: "git help log", expected: "ask", reason: "browser.w3m.path" },
  { name: "a partial clone's upload-pack", folder: "partial-upload-pack", command: "git log -p", expected: "ask", reason: "remote.origin.uploadpack" },
  { name: "a partial clone's credential helper", folder: "partial-credential", command: "git show HEAD", expected: "ask", reason: "credential.helper" },
  { name: "a plain blobless clone", folder: "blobless", command: "git log -p", expected: "allow" },
  { name: "a quoted value that only looks like a boolean", folder: "quoted-boolean", command: "git status", expected: "ask", reason: "core.fsmonitor =  yes" },
  { name: "a post-index-change hook (git status writes the index)", folder: "index-hook", command: "git status", expected: "ask", reason: "post-index-change" },
  { name: "a post-index-change hook in core.hooksPath", folder: "index-hook-path", command: "git diff", expected: "ask", reason: ".githooks/post-index-change" },
  { name: "an embedded repository whose own settings run nothing", folder: "plain-outer", command: "git status && git diff", expected: "allow" },
  { name: "a .gitmodules with nothing checked out", folder: "with-modules", command: "git status", expected: "allow" },
  { name: "what gh, ssh signing and a pager in the repository write", folder: "gh-cli", command: "git status && git log", expected: "allow" },
  { name: "git lfs install --local", folder: "lfs-local", command: "git status", expected: "allow" },
  { name: "a filter named lfs that runs another program", folder: "lfs-impostor", command: "git status", expected: "ask", reason: "filter.lfs.clean = ./git-lfs" },
  { name: "gpg.program", folder: "gpg-program", command: "git log --show-signature", expected: "ask", reason: "gpg.program" },
  { name: "gpg.program is not run by commands that check no signature", folder: "gpg-program", command: "git status && git diff && git branch -a", expected: "allow" },
  { name: "settings only fetch, push, difftool, add -p and help's autocorrect read", folder: "everyday", command: "git status && git log -p && git rev-parse HEAD", expected: "allow" },
  { name: "a .git file whose path ends in a space", folder: "pointing", command: "git status", expected: "ask", reason: "core.fsmonitor" },
  { name: "an empty .git folder is skipped, as git skips it", folder: "fsmonitor/sub", command: "git status", expected: "ask", reason: "core.fsmonitor" },
  { name: "a .git folder whose HEAD git does not accept is skipped", folder: "fsmonitor/fake", command: "git status", expected: "ask", reason: "core.fsmonitor = /tmp/evil-monitor.sh" },
  { name: "a form feed is a value to git, not a space", folder: "form-feed", command: "git status", expected: "ask", reason: "core.fsmonitor" },
  { name: "deeper than the walk goes", folder: `fsmonitor/${Array.from({ length: 520 }, () => "d").join("/")}`, command: "git log", expected: "ask", reason: "folders deep" },
  { name: "settings that are a FIFO: asked at once", folder: "fifo-config", command: "git status", expected: "ask", reason: "not a regular file" },
];

describe.skipIf(GIT === null)("a repository's own git settings", () => {
  for (const testCase of CASES) {
    test(`${testCase.name}: ${testCase.command} -> ${testCase.expected}`, async () => {
      const decision = await decideFor({ tool: Bash, input: { command: testCase.command }, rules: testCase.rules, mode: testCase.mode, cwd: join(root.path, testCase.folder) });
      expect(decision.decision).toBe(testCase.expected);
      if (testCase.reason !== undefined) expect(decision.reason).toContain(testCase.reason);
    });
  }
});
