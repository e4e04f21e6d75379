/** Strict argument parsing for subcommands: unknown flags are usage errors listing the valid ones. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../errors/ToolError.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The flags (typed by their declarations) and the positional arguments. */
export interface ParsedCommandArgs<O extends Options> {
  values: { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string };
  positionals: string[];
}

function listFlags(options: Options): string {
  return Object.entries(options)
    .map(([name, option]) => `--${name}${option.short ? ` (-${option.short})` : ""}`)
    .join(", ");
}

/** Parses `args` for `command`; a bad flag throws a UsageError naming the valid flags. */
export function parseCommandArgs<O extends Options>(command: string, args: string[], options: O): ParsedCommandArgs<O> {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return parsed as unknown as ParsedCommandArgs<O>;
  } catch (error) {
    // Node's text goes on about "--"; the first sentence is the part that helps.
    const reason = (error instanceof Error ? error.message : String(error)).split(/\n|\. To specify/)[0];
    throw new UsageError(`${reason}\nThe flags of "toolshed ${command}" are: ${listFlags(options)}.`);
  }
}
