/**
 * Parses the text of an MCP configuration file: JSON errors carry line and column, each entry is
 * checked on its own and carries the line it starts on, so one bad entry never drops the others.
 * Returns a result; never throws.
 */
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import type { McpServerScope } from "../../../session/types.ts";
import { mcpConfigFileSchema } from "./mcpConfigSchema.ts";
import type { McpServerEntry } from "./McpServerConfig.ts";
import { parseMcpServerEntry } from "./parseMcpServerEntry.ts";

/** The entries of a file (good and bad), with warnings; or why the whole file was unusable. */
export type McpConfigParseResult = { ok: true; entries: McpServerEntry[]; warnings: string[] } | { ok: false; message: string };

/** Control characters, and the invisible ones that reorder or hide text. */
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < text.length; index++) if (text.charCodeAt(index) === 10) line++;
  return line;
}

function place(where: string, text: string, node: Node | undefined, isFile: boolean): string {
  return isFile && node !== undefined ? `${where}:${lineAt(text, node.offset)}` : where;
}

/**
 * Parses `text` read from `where` (a file path, or "--mcp-config" for inline JSON; `isFile`
 * says which, since only files have lines worth naming).
 */
export function parseMcpConfigText(text: string, where: string, scope: McpServerScope, isFile = true): McpConfigParseResult {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first !== undefined || root === undefined) {
    const reason = first === undefined ? "it is empty" : `invalid JSON (${printParseErrorCode(first.error)})`;
    const at = first === undefined ? where : `${where}:${lineAt(text, first.offset)}`;
    return { ok: false, message: `${at}: ${reason}` };
  }
  const file = mcpConfigFileSchema.safeParse(getNodeValue(root));
  if (!file.success) {
    return { ok: false, message: `${where}: it must be a JSON object with "mcpServers": {"<name>": {...}}` };
  }
  const entries: McpServerEntry[] = [];
  const warnings: string[] = [];
  if (file.data.mcpServers === undefined) warnings.push(`${where}: there is no "mcpServers" object, so it configures no server`);
  for (const [name, value] of Object.entries(file.data.mcpServers ?? {})) {
    const at = place(where, text, findNodeAtLocation(root, ["mcpServers", name]), isFile);
    if (name.trim() === "") {
      warnings.push(`${at}: an MCP server has an empty name; it is skipped`);
      continue;
    }
    // A name is shown in questions and lists: control and invisible characters could make it look like another.
    if (UNSHOWABLE.test(name)) {
      warnings.push(`${at}: the MCP server name ${JSON.stringify(name).replace(/[\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)} has control or invisible characters; it is skipped`);
      continue;
    }
    const parsed = parseMcpServerEntry(value);
    if (!parsed.ok) {
      entries.push({ name, scope, where: at, problem: parsed.problem });
      continue;
    }
    for (const warning of parsed.warnings) warnings.push(`${at}: MCP server "${name}": ${warning}`);
    entries.push({ name, scope, where: at, config: parsed.config });
  }
  return { ok: true, entries, warnings };
}
