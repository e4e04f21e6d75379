/** A built-in slash command of the interactive terminal. */
import type { TerminalController } from "../TerminalController.ts";

export interface SlashCommand {
  name: string;
  aliases?: readonly string[];
  description: string;
  /** Shown after the name in /help and in completions: `[focus]`, `<rule>`. */
  argumentHint?: string;
  run(args: string, controller: TerminalController): Promise<void> | void;
}
