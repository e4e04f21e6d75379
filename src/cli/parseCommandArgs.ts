/**
 * Strict argument parsing for subcommands: unknown flags are usage errors listing the valid ones.
 * Our own small parser rather than node:util's parseArgs, because the leading agent's command
 * line has variadic flags (`--allowedTools "Bash(git *)" Read`) and because loading node:util
 * costs every start of the binary about a millisecond.
 */
import { UsageError } from "../errors/ToolError.ts";

/** One flag: a switch, a value, or (variadic) every value up to the next flag. */
export interface FlagSpec {
  type: "string" | "boolean";
  /** A one-letter spelling: `-h`. */
  short?: string;
  /** May be given more than once; the values are collected in order. */
  multiple?: boolean;
  /** Takes every following argument up to the next flag (implies multiple). */
  variadic?: boolean;
  /** Other long spellings: `allowed-tools` for `allowedTools`. */
  aliases?: readonly string[];
}

export type FlagSpecs = Record<string, FlagSpec>;

type FlagValue<S extends FlagSpec> = S["type"] extends "boolean"
  ? boolean
  : S["multiple"] extends true ? string[] : S["variadic"] extends true ? string[] : string;

/** The flags (typed by their declarations) and the positional arguments. */
export interface ParsedCommandArgs<O extends FlagSpecs> {
  values: { [K in keyof O]?: FlagValue<O[K]> };
  positionals: string[];
}

function listFlags(options: FlagSpecs): string {
  return Object.entries(options)
    .map(([name, option]) => `--${name}${option.short ? ` (-${option.short})` : ""}`)
    .join(", ");
}

function findFlag(options: FlagSpecs, spelling: string): string | undefined {
  if (spelling.startsWith("--")) {
    const name = spelling.slice(2);
    if (Object.hasOwn(options, name)) return name;
    return Object.keys(options).find((key) => options[key]?.aliases?.includes(name));
  }
  const letter = spelling.slice(1);
  return Object.keys(options).find((key) => options[key]?.short === letter);
}

/** Parses `args` for `command`; a bad flag throws a UsageError naming the valid flags. */
export function parseCommandArgs<O extends FlagSpecs>(command: string, args: readonly string[], options: O): ParsedCommandArgs<O> {
  const values: Record<string, boolean | string | string[]> = {};
  const positionals: string[] = [];
  const fail = (reason: string): never => {
    throw new UsageError(`${reason}\nThe flags of "toolshed ${command}" are: ${listFlags(options)}.`);
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === "--") {
      positionals.push(...args.slice(index + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const spelling = equals === -1 ? arg : arg.slice(0, equals);
    const name = findFlag(options, spelling);
    if (name === undefined) fail(`Unknown option "${spelling}".`);
    const spec = options[name as string] as FlagSpec;
    if (spec.type === "boolean") {
      if (equals !== -1) fail(`Option "${spelling}" takes no value.`);
      values[name as string] = true;
      continue;
    }
    const taken: string[] = [];
    if (equals !== -1) taken.push(arg.slice(equals + 1));
    else {
      const next = args[index + 1];
      if (next === undefined || (next.startsWith("-") && next !== "-")) fail(`Option "${spelling}" needs a value.`);
      taken.push(next as string);
      index++;
    }
    if (spec.variadic) {
      while (index + 1 < args.length && !(args[index + 1] as string).startsWith("-")) taken.push(args[++index] as string);
    }
    if (spec.multiple || spec.variadic) values[name as string] = [...((values[name as string] as string[] | undefined) ?? []), ...taken];
    else if (values[name as string] !== undefined) fail(`Option "${spelling}" was given more than once.`);
    else values[name as string] = taken[0] as string;
  }
  return { values: values as ParsedCommandArgs<O>["values"], positionals };
}
