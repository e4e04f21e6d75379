/**
 * The flags every tool-running subcommand accepts, defined once: `--settings <file or json>`,
 * `--allowedTools`, `--disallowedTools` (several values after one flag, comma lists, or repeated;
 * also spelled `--allowed-tools`, `--disallowed-tools`), `--permission-mode`,
 * `--dangerously-skip-permissions`, `--add-dir`.
 */
import { sessionFlagsFromValues, type SessionFlags } from "../settings/sessionFlags.ts";

/** Spread into a command's parseCommandArgs options. */
export const SESSION_FLAG_OPTIONS = {
  settings: { type: "string" },
  allowedTools: { type: "string", variadic: true, aliases: ["allowed-tools"] },
  disallowedTools: { type: "string", variadic: true, aliases: ["disallowed-tools"] },
  "permission-mode": { type: "string" },
  "dangerously-skip-permissions": { type: "boolean" },
  "add-dir": { type: "string", variadic: true },
} as const;

/** Reads the session flags out of parsed values. */
export function readSessionFlags(values: { [key: string]: unknown }): SessionFlags {
  return sessionFlagsFromValues(values);
}

export type { SessionFlags };
