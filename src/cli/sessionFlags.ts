/**
 * The flags every tool-running subcommand accepts, defined once: `--settings <file or json>`,
 * `--allowedTools`, `--disallowedTools`, `--permission-mode`, `--add-dir` (the lists may repeat).
 */
import { sessionFlagsFromValues, type SessionFlags } from "../settings/sessionFlags.ts";

/** Spread into a command's parseCommandArgs options. */
export const SESSION_FLAG_OPTIONS = {
  settings: { type: "string" },
  allowedTools: { type: "string", multiple: true },
  disallowedTools: { type: "string", multiple: true },
  "permission-mode": { type: "string" },
  "add-dir": { type: "string", multiple: true },
} as const;

/** Reads the session flags out of parsed values. */
export function readSessionFlags(values: { [key: string]: unknown }): SessionFlags {
  return sessionFlagsFromValues(values);
}

export type { SessionFlags };
