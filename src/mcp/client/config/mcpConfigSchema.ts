/**
 * The shape of an MCP configuration file (`.mcp.json`, the user's `mcp.json`, `--mcp-config`):
 * `{"mcpServers": {name: entry}}`. Entries are checked one by one, so one bad entry never drops
 * the others; these are the schemas each entry is checked against.
 */
import { z } from "../../../schema/zod.ts";

const stringRecord = z.record(z.string(), z.string());

/** The file as a whole: only `mcpServers` matters, and it must be an object. */
export const mcpConfigFileSchema = z.looseObject({
  mcpServers: z.optional(z.record(z.string(), z.unknown())),
});

/** `{command, args, env}` with an optional `"type": "stdio"`. */
export const stdioEntrySchema = z.object({
  type: z.optional(z.literal("stdio")),
  command: z.string().check(z.minLength(1, "must not be empty")),
  args: z.optional(z.array(z.string())),
  env: z.optional(stringRecord),
});

/** `{type, url, headers}`; `streamable-http` is another name for `http`. */
export const remoteEntrySchema = z.object({
  type: z.enum(["http", "streamable-http", "sse"]),
  url: z.string().check(z.minLength(1, "must not be empty")),
  headers: z.optional(stringRecord),
});

/** The keys an entry may have; others are reported and ignored. */
export const STDIO_ENTRY_KEYS: readonly string[] = Object.keys(stdioEntrySchema.shape);
export const REMOTE_ENTRY_KEYS: readonly string[] = Object.keys(remoteEntrySchema.shape);

/** The transport types a file may name. */
export const ENTRY_TYPES = ["stdio", "http", "streamable-http", "sse"] as const;
