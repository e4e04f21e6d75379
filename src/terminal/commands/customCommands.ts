/**
 * The person's own slash commands: Markdown files in `.toolshed/commands/` and `.claude/commands/`
 * of the project, and `commands/` of the user config folder. A file's path names the command
 * (`review.md` is /review, `git/commit.md` is /git:commit); optional front matter gives a
 * `description`, an `argument-hint` and a `model`; the body is the prompt, with `$ARGUMENTS` and
 * `$1`...`$9` replaced by what follows the command. The first definition of a name wins: the
 * user's own, then the project's (.toolshed before .claude).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { userConfigDirectory } from "../../settings/settingsPaths.ts";

/** The most command files read, and the largest one: a folder of junk cannot slow the start. */
const MAX_COMMAND_FILES = 500;
const MAX_COMMAND_BYTES = 256 * 1024;

export interface CustomCommand {
  name: string;
  description: string;
  argumentHint?: string;
  model?: string;
  /** Where it came from: "project" or "user". */
  scope: "project" | "user";
  path: string;
  template: string;
}

/** The folders commands are read from, in order of precedence: the person's own first, so a repository cannot stand in for one of them. */
export function commandFolders(cwd: string): { folder: string; scope: CustomCommand["scope"] }[] {
  return [
    { folder: join(userConfigDirectory(), "commands"), scope: "user" },
    { folder: join(cwd, ".toolshed", "commands"), scope: "project" },
    { folder: join(cwd, ".claude", "commands"), scope: "project" },
  ];
}

function markdownFiles(folder: string, limit: number): string[] {
  const found: string[] = [];
  const pending = [folder];
  while (pending.length > 0 && found.length < limit) {
    const current = pending.pop() as string;
    let names: string[];
    try {
      names = readdirSync(current).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.startsWith(".")) continue;
      const path = join(current, name);
      try {
        const stats = statSync(path);
        if (stats.isDirectory()) pending.push(path);
        else if (stats.isFile() && name.endsWith(".md") && stats.size <= MAX_COMMAND_BYTES) found.push(path);
      } catch {
        // Gone or unreadable: skipped.
      }
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** Front matter (`key: value` lines between `---` lines) and the body after it. */
export function splitFrontMatter(text: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (match === null) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of (match[1] as string).split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field !== null) fields[(field[1] as string).toLowerCase()] = (field[2] as string).trim().replace(/^(["'])(.*)\1$/, "$2");
  }
  return { fields, body: text.slice(match[0].length) };
}

function commandName(folder: string, path: string): string {
  return relative(folder, path).replace(/\.md$/, "").split(/[\\/]/).join(":");
}

/** Every custom command for `cwd`, sorted by name. */
export function loadCustomCommands(cwd: string): CustomCommand[] {
  const commands = new Map<string, CustomCommand>();
  let budget = MAX_COMMAND_FILES;
  for (const { folder, scope } of commandFolders(cwd)) {
    const files = markdownFiles(folder, budget);
    budget -= files.length;
    for (const path of files) {
      const name = commandName(folder, path);
      if (commands.has(name) || !/^[\w:.-]+$/.test(name)) continue;
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        continue;
      }
      const { fields, body } = splitFrontMatter(text);
      const firstLine = body.trim().split("\n")[0]?.trim() ?? "";
      commands.set(name, {
        name,
        description: fields.description ?? (firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine),
        argumentHint: fields["argument-hint"],
        model: fields.model,
        scope,
        path,
        template: body.trim(),
      });
    }
  }
  return [...commands.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Splits arguments at spaces, keeping "quoted words" together. */
export function splitArguments(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

/** The prompt a command sends for `args`: placeholders filled, or the arguments added at the end when it has none. */
export function expandCommand(command: CustomCommand, args: string): string {
  const positional = splitArguments(args);
  const usesPlaceholders = /\$ARGUMENTS|\$[1-9]/.test(command.template);
  const filled = command.template.replaceAll("$ARGUMENTS", args).replace(/\$([1-9])/g, (_, digit: string) => positional[Number(digit) - 1] ?? "");
  return usesPlaceholders || args.trim() === "" ? filled : `${filled}\n\nArguments: ${args.trim()}`;
}
