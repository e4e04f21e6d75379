/**
 * A repository's own git settings (its `.git/config`, a worktree's config, a bare repository's
 * `config`) can make the read-only git commands run programs: `core.fsmonitor` runs on
 * `git status`, `diff.external` and textconv drivers on `git diff` and `git log -p`, filters on
 * `git status`, pagers on anything. Those files come with the folder, not from the person, so a
 * git command only counts as read-only when the repository it runs in sets none of them. The
 * person's own settings (`~/.gitconfig`, the system's) are theirs and are not read here.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readBoundedFile } from "../../files/readBoundedFile.ts";
import { judgeGitSetting } from "./gitEffects.ts";
import { noEffects } from "./effects.ts";

/** A repository's settings file larger than this is not read: such a git command is asked. */
const MAX_GIT_CONFIG_BYTES = 256 * 1024;
/** The folders walked up from a command's working folder to find its repository. */
const MAX_DEPTH = 256;

/**
 * Settings the read-only git commands never use: credentials, transports and ssh (they reach no
 * network), editors (they open none) and hooks (they run none). Husky's `core.hooksPath` is in
 * many repositories and does not make `git status` ask.
 */
const UNUSED_BY_READ_ONLY_COMMANDS = /^(?:helper|sshcommand|askpass|gitproxy|uploadpack|receivepack|packobjectshook|proxycommand|editor|sequenceeditor|hookspath)$/;

/** Read as true or false by git: such a value names no program (`pager.log = false`, `core.fsmonitor = true`). */
const BOOLEAN = /^(?:true|false|yes|no|on|off|1|0|)$/i;

/** The text of a small regular file, undefined when absent, or a problem in words. */
function readSmallFile(path: string): { text?: string; problem?: string } {
  try {
    const read = readBoundedFile(path, MAX_GIT_CONFIG_BYTES);
    if (read.kind === "read") return { text: read.bytes.toString("utf8") };
    if (read.kind === "too-large") return { problem: `${path} is larger than ${MAX_GIT_CONFIG_BYTES} bytes` };
    return { problem: `${path} is not a regular file` };
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return {};
    return { problem: `${path} cannot be read` };
  }
}

function isBareRepository(folder: string): boolean {
  try {
    return statSync(join(folder, "HEAD")).isFile() && statSync(join(folder, "objects")).isDirectory() && statSync(join(folder, "refs")).isDirectory();
  } catch {
    return false;
  }
}

/** The settings files of the repository `folder` is in (none outside one), or a problem in words. */
export function repositorySettingsFiles(folder: string): { files: string[] } | { problem: string } {
  let current = resolve(folder);
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const dotGit = join(current, ".git");
    if (existsSync(dotGit)) {
      let gitDirectory = dotGit;
      if (!statSync(dotGit).isDirectory()) {
        // A worktree or submodule: `.git` is a file that says where the repository is.
        const pointer = readSmallFile(dotGit);
        if (pointer.problem !== undefined || pointer.text === undefined) return { problem: pointer.problem ?? `${dotGit} cannot be read` };
        const match = /^gitdir:\s*(.+?)\s*$/m.exec(pointer.text);
        if (match === null) return { problem: `${dotGit} does not say where its repository is` };
        gitDirectory = resolve(current, match[1] as string);
      }
      const files = [join(gitDirectory, "config"), join(gitDirectory, "config.worktree")];
      const common = readSmallFile(join(gitDirectory, "commondir"));
      if (common.problem !== undefined) return { problem: common.problem };
      if (common.text !== undefined && common.text.trim() !== "") files.push(join(resolve(gitDirectory, common.text.trim()), "config"));
      return { files };
    }
    if (isBareRepository(current)) return { files: [join(current, "config")] };
    const parent = dirname(current);
    if (parent === current) return { files: [] };
    current = parent;
  }
  return { files: [] };
}

/** Unquotes one git config value: `"..."` parts, `\"`, `\\`, `\n`, `\t`, and a `#` or `;` comment outside quotes. */
function configValue(raw: string): string | undefined {
  let value = "";
  let quoted = false;
  for (let index = 0; index < raw.length; index++) {
    const character = raw[index] as string;
    if (character === "\\") {
      const next = raw[++index];
      if (next === undefined) return undefined;
      value += next === "n" ? "\n" : next === "t" ? "\t" : next === "b" ? "\b" : next;
    } else if (character === '"') quoted = !quoted;
    else if (!quoted && (character === "#" || character === ";")) break;
    else value += character;
  }
  return quoted ? undefined : value.trim();
}

/** Whether a value's line ends in a backslash that joins the next line, as git reads it: not inside a comment. */
function continuesOnNextLine(raw: string): boolean {
  let quoted = false;
  for (let index = 0; index < raw.length; index++) {
    const character = raw[index];
    if (character === "\\") {
      if (index === raw.length - 1) return true;
      index++;
    } else if (character === '"') quoted = !quoted;
    else if (!quoted && (character === "#" || character === ";")) return false;
  }
  return false;
}

/** Every `key=value` setting of a git config text, keys as git spells them in `-c`; undefined for text git would not read. */
export function parseGitConfig(text: string): string[] | undefined {
  const settings: string[] = [];
  let section: string | undefined;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const trimmed = (lines[index] as string).trim();
    if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith(";")) continue;
    let rest = trimmed;
    if (rest.startsWith("[")) {
      const header = /^\[\s*([A-Za-z0-9.-]+)\s*(?:"((?:[^"\\]|\\.)*)")?\s*\]/.exec(rest);
      if (header === null) return undefined;
      const name = (header[1] as string).toLowerCase();
      section = header[2] === undefined ? name : `${name}.${header[2].replace(/\\(.)/g, "$1")}`;
      rest = rest.slice(header[0].length).trim();
      if (rest === "" || rest.startsWith("#") || rest.startsWith(";")) continue;
    }
    if (section === undefined) return undefined;
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/s.exec(rest);
    if (entry === null) return undefined;
    // A value (only a value: not a comment or a section line) goes on past a line ending in an unescaped backslash.
    let raw = entry[2];
    while (raw !== undefined && continuesOnNextLine(raw) && index + 1 < lines.length) raw = raw.slice(0, -1) + (lines[++index] as string);
    const value = raw === undefined ? "true" : configValue(raw);
    if (value === undefined) return undefined;
    settings.push(`${section}.${(entry[1] as string).toLowerCase()}=${value}`);
  }
  return settings;
}

/**
 * Why git, run in `folder`, may run a program its repository's own settings name (or read
 * settings toolshed cannot see), or undefined when those settings name none.
 */
export function repositorySettingsProblem(folder: string): string | undefined {
  let found: ReturnType<typeof repositorySettingsFiles>;
  try {
    found = repositorySettingsFiles(folder);
  } catch {
    return `the git repository around ${folder} cannot be read`;
  }
  if ("problem" in found) return `the repository's git settings cannot be checked: ${found.problem}`;
  for (const file of found.files) {
    const read = readSmallFile(file);
    if (read.problem !== undefined) return `the repository's git settings cannot be checked: ${read.problem}`;
    if (read.text === undefined) continue;
    const settings = parseGitConfig(read.text);
    if (settings === undefined) return `the repository's git settings in ${file} cannot be read by toolshed`;
    const effects = noEffects();
    for (const setting of settings) {
      const equals = setting.indexOf("=");
      const key = setting.slice(0, equals);
      const value = setting.slice(equals + 1);
      // Booleans switch a pager or the built-in fsmonitor on or off; they name no program.
      if ((key.startsWith("pager.") || key === "core.fsmonitor") && BOOLEAN.test(value.trim())) continue;
      // An alias cannot replace a built-in command, and the read-only git commands are all built in.
      if (key.startsWith("alias.") || UNUSED_BY_READ_ONLY_COMMANDS.test(key.slice(key.lastIndexOf(".") + 1))) continue;
      judgeGitSetting(setting, file, effects);
    }
    const run = effects.runs[0];
    if (run !== undefined) return `the repository's own git settings make git run a program (${run.via} = ${run.text})`;
    const other = effects.problems[0] ?? effects.unknown[0];
    if (other !== undefined) return `the repository's own git settings: ${other}`;
  }
  return undefined;
}
