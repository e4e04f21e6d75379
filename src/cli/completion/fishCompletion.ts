/** The fish completion script: one `complete` line per command, option and word. */
import type { CompletionSpec } from "./completionSpec.ts";

function fishQuoted(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

/** `-l name` for `--name`, `-s x` for `-x`. */
function optionFlag(option: string): string {
  return option.startsWith("--") ? `-l ${option.slice(2)}` : `-s ${option.slice(1)}`;
}

export function fishCompletion(spec: CompletionSpec): string {
  const names = spec.commands.map((command) => command.name).join(" ");
  const lines = [
    "# toolshed completion for fish: save as ~/.config/fish/completions/toolshed.fish, or run",
    "#   toolshed completion fish | source",
    "complete -c toolshed -f",
    ...spec.commands.map((command) => `complete -c toolshed -n "not __fish_seen_subcommand_from ${names}" -a ${command.name} -d ${fishQuoted(command.summary)}`),
    ...[...new Set([...spec.topOptions, ...spec.printOptions])].map((option) => `complete -c toolshed -n "not __fish_seen_subcommand_from ${names}" ${optionFlag(option)}`),
  ];
  for (const command of spec.commands) {
    const when = `-n "__fish_seen_subcommand_from ${command.name}"`;
    for (const option of command.options) lines.push(`complete -c toolshed ${when} ${optionFlag(option)}`);
    if (command.words.length > 0) lines.push(`complete -c toolshed ${when} -a ${fishQuoted(command.words.join(" "))}`);
  }
  return `${lines.join("\n")}\n`;
}
