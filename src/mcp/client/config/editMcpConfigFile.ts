/**
 * Adds and removes servers in an MCP configuration file, keeping the rest of the file as it was
 * written (jsonc-parser edits, not a rewrite) and writing it atomically. A file that is not valid
 * JSON is never overwritten: the edit fails and says where the file is broken.
 */
import { applyEdits, modify } from "jsonc-parser";
import { writeFileAtomic } from "../../../files/writeFileAtomic.ts";
import type { McpServerScope } from "../../../session/types.ts";
import type { McpServerConfig } from "./McpServerConfig.ts";
import { parseMcpConfigText } from "./parseMcpConfigText.ts";
import { readConfigText } from "./readConfigText.ts";

/** The result of an edit: done, or why not (for the person, as it is). */
export type EditResult = { ok: true } | { ok: false; message: string };

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

/** The entry as it is written to a file (the shape users already write by hand). */
export function entryForFile(config: McpServerConfig): { [key: string]: unknown } {
  if (config.type === "stdio") {
    return { type: "stdio", command: config.command, args: config.args, ...(Object.keys(config.env).length > 0 ? { env: config.env } : {}) };
  }
  return { type: config.type, url: config.url, ...(Object.keys(config.headers).length > 0 ? { headers: config.headers } : {}) };
}

function readForEdit(path: string, scope: McpServerScope): { ok: true; text: string; names: Map<string, string> } | { ok: false; message: string } {
  const read = readConfigText(path);
  if (read.kind === "missing") return { ok: true, text: "{}\n", names: new Map() };
  if (read.kind === "unreadable") return { ok: false, message: `${path} cannot be read: ${read.reason}` };
  const parsed = parseMcpConfigText(read.text, path, scope);
  if (!parsed.ok) return { ok: false, message: `${parsed.message}; fix the file first (it was left as it is)` };
  return { ok: true, text: read.text, names: new Map(parsed.entries.map((entry) => [entry.name, entry.where])) };
}

/** Adds `name` to the file; fails when the name is already there (saying where). */
export function addServerToFile(path: string, scope: McpServerScope, name: string, config: McpServerConfig): EditResult {
  const file = readForEdit(path, scope);
  if (!file.ok) return file;
  const existing = file.names.get(name);
  if (existing !== undefined) return { ok: false, message: `an MCP server named "${name}" already exists in ${existing}` };
  const text = applyEdits(file.text, modify(file.text, ["mcpServers", name], entryForFile(config), FORMAT));
  writeFileAtomic(path, text.endsWith("\n") ? text : `${text}\n`, { createParents: true });
  return { ok: true };
}

/** Removes `name` from the file; fails when it is not there. */
export function removeServerFromFile(path: string, scope: McpServerScope, name: string): EditResult {
  const file = readForEdit(path, scope);
  if (!file.ok) return file;
  if (!file.names.has(name)) return { ok: false, message: `there is no MCP server named "${name}" in ${path}` };
  const text = applyEdits(file.text, modify(file.text, ["mcpServers", name], undefined, FORMAT));
  writeFileAtomic(path, text);
  return { ok: true };
}
