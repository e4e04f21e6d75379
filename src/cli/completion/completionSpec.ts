/**
 * What shell completion offers, read off the help texts so it cannot drift from them: the
 * commands listed in the main help, each command's options as its help documents them, the
 * agent's (-p) options, and the few places that take a word from a known list (subcommands, tool
 * names, shells).
 */
import * as help from "../help.ts";

export interface CompletedCommand {
  name: string;
  summary: string;
  /** Its options, `--long` and `-s`, as its help documents them. */
  options: string[];
  /** Words its first argument may be (subcommands, tool names, shells). */
  words: string[];
}

export interface CompletionSpec {
  commands: CompletedCommand[];
  /** The options of `toolshed` itself and of `toolshed -p`. */
  topOptions: string[];
  printOptions: string[];
}

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

/** The subcommands of commands that have them (the rest of each word list comes from elsewhere). */
const SUBCOMMANDS: Record<string, string[]> = {
  permissions: ["check", "list"],
  sessions: ["list", "show"],
  mcp: ["list", "get", "add", "remove", "serve"],
  completion: [...SHELLS],
};

/**
 * The `--long` and `-s` options a help text documents, in the order it documents them: the
 * names at the start of its option lines (an indented line that begins with a dash, up to the
 * description), so options mentioned in prose are not taken for its own.
 */
export function optionsOf(text: string): string[] {
  const found = new Set<string>();
  for (const line of text.split("\n")) {
    const match = /^ {2,}(-\S.*?)(?: {2,}|$)/.exec(line);
    const description = / {20,}\S/.test(line) || match !== null;
    if (match !== null) {
      for (const option of (match[1] as string).matchAll(/(?:^|[\s,])(--[a-zA-Z][a-zA-Z0-9-]*|-[a-zA-Z])(?=[\s,=]|$)/g)) found.add(option[1] as string);
    }
    // Other spellings an option's description names in parentheses: "(also --allowed-tools)", "(--system-prompt-file <file>)".
    if (description) for (const option of line.matchAll(/\((?:also )?(--[a-zA-Z][a-zA-Z0-9-]*)[\s)]/g)) found.add(option[1] as string);
  }
  return [...found];
}

/** The commands of the main help's "Commands:" list, with their one-line summaries. */
export function listedCommands(mainHelp: string): { name: string; summary: string }[] {
  const start = mainHelp.indexOf("Commands:\n");
  if (start === -1) return [];
  const commands: { name: string; summary: string }[] = [];
  for (const line of mainHelp.slice(start + "Commands:\n".length).split("\n")) {
    const match = /^ {2}([a-z][a-z-]*)(?: <[^>]+>)?\s{2,}(.*)$/.exec(line);
    if (match === null) break;
    commands.push({ name: match[1] as string, summary: (match[2] as string).trim() });
  }
  return commands;
}

function helpFor(name: string): string {
  const text = (help as Record<string, unknown>)[`${name.toUpperCase()}_HELP`];
  return typeof text === "string" ? text : "";
}

/** The spec, given the tool names `run` completes. */
export function completionSpec(toolNames: readonly string[]): CompletionSpec {
  const listed = listedCommands(help.MAIN_HELP);
  const names = listed.map((command) => command.name);
  const commands = listed.map(({ name, summary }): CompletedCommand => ({
    name,
    summary,
    options: name === "help" ? [] : optionsOf(helpFor(name)),
    words: name === "run" ? [...toolNames] : name === "help" ? names.filter((other) => other !== "help") : SUBCOMMANDS[name] ?? [],
  }));
  return { commands, topOptions: optionsOf(help.MAIN_HELP.slice(help.MAIN_HELP.indexOf("Options:"))), printOptions: optionsOf(help.PRINT_HELP) };
}
