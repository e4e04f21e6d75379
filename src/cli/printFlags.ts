/** The flags of `toolshed -p`, spelled as the leading agent's command line spells them. */
import { SESSION_FLAG_OPTIONS } from "./sessionFlags.ts";

export const PRINT_FLAG_OPTIONS = {
  print: { type: "boolean", short: "p" },
  "output-format": { type: "string" },
  "input-format": { type: "string" },
  "include-partial-messages": { type: "boolean" },
  verbose: { type: "boolean" },
  model: { type: "string" },
  "fallback-model": { type: "string" },
  "max-turns": { type: "string" },
  "max-budget-usd": { type: "string" },
  "session-id": { type: "string" },
  "no-session-persistence": { type: "boolean" },
  resume: { type: "string", short: "r" },
  continue: { type: "boolean", short: "c" },
  "fork-session": { type: "boolean" },
  "system-prompt": { type: "string" },
  "system-prompt-file": { type: "string" },
  "append-system-prompt": { type: "string" },
  "append-system-prompt-file": { type: "string" },
  "mcp-config": { type: "string", variadic: true },
  "strict-mcp-config": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  ...SESSION_FLAG_OPTIONS,
} as const;

export const OUTPUT_FORMATS = ["text", "json", "stream-json"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const INPUT_FORMATS = ["text", "stream-json"] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];
