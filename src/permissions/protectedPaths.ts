/**
 * Paths no allow rule and no mode but bypassPermissions may approve a write to: repository and
 * editor metadata, shell start-up files, package-manager configs, toolshed's own settings (and
 * the `.claude/` ones it reads alongside them).
 * And the paths no mode may remove: `/`, its direct children, home, the working folder and its parents.
 */
import { statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { readFileStart } from "../files/readBoundedFile.ts";
import { isPathWithin } from "../paths/isInsideDirectories.ts";
import { managedSettingsPath, userConfigDirectory } from "../settings/settingsPaths.ts";

/** Folders whose contents are protected wherever they appear (`.config/git` is two segments). */
export const PROTECTED_FOLDERS: readonly string[] = [".git", ".toolshed", ".claude", ".vscode", ".idea", ".husky", ".config/git"];

/** File names protected wherever they appear. */
export const PROTECTED_FILES: readonly string[] = [
  ".gitconfig", ".gitmodules", ".gitattributes", ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile",
  ".zshrc", ".zshenv", ".zprofile", ".zlogin", ".zlogout", ".cshrc", ".tcshrc", ".kshrc", ".inputrc",
  ".npmrc", ".yarnrc", ".yarnrc.yml", "bunfig.toml", ".pnpmrc", ".pypirc", ".mcp.json", ".envrc",
];

/**
 * The protected folder or file name `path` falls under, or undefined. toolshed's own user folder
 * (settings, trusted folders, saved answers) and the managed file are protected wherever they are
 * moved to, so no call can grant itself more.
 */
export function protectedPathReason(path: string): string | undefined {
  if (isPathWithin(path, userConfigDirectory())) return `${path} is inside toolshed's user folder (${userConfigDirectory()})`;
  if (path === managedSettingsPath()) return `${path} is the managed settings file`;
  const segments = path.split(sep).filter((segment) => segment !== "");
  const lower = segments.map((segment) => segment.toLowerCase());
  for (const folder of PROTECTED_FOLDERS) {
    const parts = folder.split("/");
    for (let start = 0; start + parts.length <= lower.length; start++) {
      if (parts.every((part, offset) => lower[start + offset] === part)) {
        return `${path} is inside a protected folder (${folder})`;
      }
    }
  }
  const name = lower.at(-1);
  if (name !== undefined && PROTECTED_FILES.includes(name)) return `${path} is a protected file (${name})`;
  return undefined;
}

/** A `.git` file is one line (`gitdir: <path>`); more than this is not one. */
const MAX_GIT_FILE_BYTES = 4096;

/** The folder the `.git` file at `path` names (`gitdir: <path>`), or undefined when it names none. */
function gitFileTarget(path: string): string | undefined {
  let text: string;
  try {
    text = readFileStart(path, MAX_GIT_FILE_BYTES).toString("utf8");
  } catch {
    return undefined;
  }
  const target = /^gitdir:\s*(.+?)\s*$/m.exec(text)?.[1];
  return target === undefined ? undefined : resolve(dirname(path), target);
}

/**
 * The git folders of the working folders' repositories that lie outside them: where a `.git`
 * file (`git init --separate-git-dir`, worktrees, submodules) points. Hooks and config live there
 * as in `.git/`, so they are protected the same way. The nearest `.git` above each folder counts.
 */
export function separateGitFolders(workingDirectories: readonly string[]): string[] {
  const found = new Set<string>();
  for (const directory of workingDirectories) {
    for (let folder = directory; ; folder = dirname(folder)) {
      const dotGit = join(folder, ".git");
      let isFile: boolean | undefined;
      try {
        isFile = statSync(dotGit).isFile();
      } catch {
        // No .git here: look further up.
      }
      const target = isFile === true ? gitFileTarget(dotGit) : undefined;
      if (target !== undefined) found.add(target);
      if (isFile !== undefined || dirname(folder) === folder) break;
    }
  }
  return [...found];
}

/** The protected-path reason for `path`, counting the repositories' separate git folders too. */
export function protectedPathReasonIn(path: string, gitFolders: readonly string[]): string | undefined {
  const found = gitFolders.find((folder) => isPathWithin(path, folder));
  return protectedPathReason(path) ?? (found === undefined ? undefined : `${path} is inside the repository's git folder (${found}, which its .git file names)`);
}

/** Why removing `path` would be catastrophic, or undefined. */
export function criticalRemovalReason(path: string, options: { home: string; workingDirectories: readonly string[] }): string | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (clean === "/") return "it is the root folder";
  if (dirname(clean) === "/") return `${clean} is a top-level system folder`;
  if (clean === options.home.replace(/\/+$/, "")) return `${clean} is the home folder`;
  for (const directory of options.workingDirectories) {
    let current = directory;
    for (;;) {
      if (clean === current) return current === directory ? `${clean} is a working folder` : `${clean} holds a working folder`;
      const parent = dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
  return undefined;
}

/** Names a glob segment could be matching: the first segment of each protected folder, and the protected files. */
const PROTECTED_NAMES: readonly string[] = [...new Set([...PROTECTED_FOLDERS.map((folder) => folder.split("/")[0] as string), ...PROTECTED_FILES])];

/**
 * The protected name a glob could land on (`.gi?/hooks/x`, `.g*`, `.bash*`), or undefined: a write
 * through such a glob is treated as a write to that protected path, whether or not it exists now.
 */
export function protectedGlobReason(pattern: string): string | undefined {
  for (const segment of pattern.split("/")) {
    if (!/[*?[]/.test(segment)) continue;
    const matcher = new Bun.Glob(segment.toLowerCase());
    // As in bash, only a pattern starting with a dot matches a dot name; other protected names
    // (bunfig.toml) are caught on what the glob expands to, since a glob only matches what exists.
    const name = segment.startsWith(".") ? PROTECTED_NAMES.find((candidate) => candidate.startsWith(".") && matcher.match(candidate)) : undefined;
    if (name !== undefined) return `the glob ${pattern} can match the protected name ${name}`;
  }
  return undefined;
}
