/** Checks one `mcpServers` entry and turns it into a server configuration, or says what is wrong. */
import type { $ZodIssue } from "zod/v4/core";
import { ENTRY_TYPES, REMOTE_ENTRY_KEYS, remoteEntrySchema, STDIO_ENTRY_KEYS, stdioEntrySchema } from "./mcpConfigSchema.ts";
import type { McpServerConfig } from "./McpServerConfig.ts";

/** The configuration and any harmless oddities, or the one reason the entry is skipped. */
export type ParsedServerEntry = { ok: true; config: McpServerConfig; warnings: string[] } | { ok: false; problem: string };

function describeIssue(issue: $ZodIssue | undefined): string {
  if (issue === undefined) return "it is not a valid entry";
  const path = issue.path.length > 0 ? `"${issue.path.join(".")}"` : "the entry";
  return `${path} ${issue.message.replace(/^Invalid input: /, "is invalid: ")}`;
}

function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function unknownKeys(value: { [key: string]: unknown }, known: readonly string[]): string[] {
  const extra = Object.keys(value).filter((key) => !known.includes(key));
  if (extra.length === 0) return [];
  return [`${extra.map((key) => `"${key}"`).join(", ")} ${extra.length === 1 ? "is" : "are"} not used by toolshed and ignored (an entry has ${known.join(", ")})`];
}

/** Parses the value of one entry (the name is the caller's to report). */
export function parseMcpServerEntry(value: unknown): ParsedServerEntry {
  if (!isObject(value)) return { ok: false, problem: 'the entry must be an object with a "command" (stdio) or a "type" and "url"' };
  const type = value.type;
  if (type === "ws") return { ok: false, problem: 'WebSocket servers ("type": "ws") are not supported; use "http" or "sse"' };
  if (type !== undefined && !(ENTRY_TYPES as readonly unknown[]).includes(type)) {
    return { ok: false, problem: `"type" ${JSON.stringify(type)} is not one of ${ENTRY_TYPES.join(", ")}` };
  }
  if (type === undefined && value.url !== undefined) {
    return { ok: false, problem: 'it has a "url" but no "type"; add "type": "http" (or "sse") to this entry' };
  }
  if (type === undefined || type === "stdio") {
    const parsed = stdioEntrySchema.safeParse(value);
    if (!parsed.success) return { ok: false, problem: describeIssue(parsed.error.issues[0]) };
    const { command, args, env } = parsed.data;
    return { ok: true, config: { type: "stdio", command, args: args ?? [], env: env ?? {} }, warnings: unknownKeys(value, STDIO_ENTRY_KEYS) };
  }
  const parsed = remoteEntrySchema.safeParse(value);
  if (!parsed.success) return { ok: false, problem: describeIssue(parsed.error.issues[0]) };
  const { url, headers } = parsed.data;
  const config: McpServerConfig = { type: parsed.data.type === "sse" ? "sse" : "http", url, headers: headers ?? {} };
  return { ok: true, config, warnings: unknownKeys(value, REMOTE_ENTRY_KEYS) };
}
