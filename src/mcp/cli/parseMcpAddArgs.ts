/**
 * `toolshed mcp add [--transport stdio|http|sse] [--scope project|user] [-e KEY=VALUE]...
 * [-H "Name: value"]... <name> <url> | <name> -- <command> [args...]`, spelled as the leading
 * agent spells it. Everything after `--` belongs to the server's command, untouched.
 */
import { parseCommandArgs } from "../../cli/parseCommandArgs.ts";
import { UsageError } from "../../errors/ToolError.ts";
import type { McpServerScope } from "../../session/types.ts";
import type { McpServerConfig } from "../client/config/McpServerConfig.ts";

/** What to add, and where. */
export interface McpAddRequest {
  name: string;
  scope: Exclude<McpServerScope, "flag">;
  config: McpServerConfig;
}

const TRANSPORTS = ["stdio", "http", "sse"] as const;
const SCOPES = ["project", "user"] as const;
/** The scope `add` and `remove` use when none is given: the person's own file, never a shared one. */
export const DEFAULT_SCOPE = "user";

/** Server names `add` accepts (other names in hand-written files still work). */
export function isValidServerName(name: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(name);
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T | undefined): T | undefined {
  if (value === undefined) return fallback;
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new UsageError(`${flag} "${value}" is not one of ${allowed.join(", ")}.`);
  return found;
}

/** A repeatable flag's values (parseArgs gives an array; its typing does not say so). */
function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : typeof value === "string" ? [value] : [];
}

function parseEnv(values: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const value of values) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(value);
    if (match === null) throw new UsageError(`-e "${value}" is not KEY=VALUE (KEY of letters, digits and _, not starting with a digit).`);
    env[match[1] ?? ""] = match[2] ?? "";
  }
  return env;
}

function parseHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(":");
    const name = colon < 0 ? "" : value.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`-H "${value}" is not "Name: value".`);
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}

function checkUrl(url: string): void {
  // A url with ${VAR} in it is checked once the variable is expanded, when the server starts.
  if (url.includes("${")) return;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new UsageError(`"${url}" is not a valid URL; give the server's address, such as https://example.com/mcp.`);
  }
  if (protocol !== "http:" && protocol !== "https:") throw new UsageError(`"${url}" is not an http or https address.`);
}

/** Parses the arguments of `mcp add` (after "add"); bad usage throws a UsageError saying what to fix. */
export function parseMcpAddArgs(args: readonly string[]): McpAddRequest {
  const split = args.indexOf("--");
  const before = split < 0 ? [...args] : args.slice(0, split);
  const command = split < 0 ? [] : args.slice(split + 1);
  const { values, positionals } = parseCommandArgs("mcp add", before, {
    transport: { type: "string", short: "t" },
    scope: { type: "string", short: "s" },
    env: { type: "string", short: "e", multiple: true },
    header: { type: "string", short: "H", multiple: true },
    help: { type: "boolean", short: "h" },
  });
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError('"toolshed mcp add" needs a server name: toolshed mcp add <name> <url>, or toolshed mcp add <name> -- <command> [args...].');
  if (!isValidServerName(name)) throw new UsageError(`"${name}" is not a valid server name: use only letters, digits, - and _.`);
  const scope = oneOf("--scope", values.scope, SCOPES, DEFAULT_SCOPE) ?? DEFAULT_SCOPE;
  const env = parseEnv(asList(values.env));
  const headers = parseHeaders(asList(values.header));
  const target = command.length > 0 ? command : rest;
  if (command.length > 0 && rest.length > 0) throw new UsageError(`put the server's command after "--" only; "${rest.join(" ")}" came before it.`);
  const first = target[0];
  if (first === undefined) throw new UsageError(`"toolshed mcp add ${name}" needs a URL, or "--" and the command that starts the server.`);
  const looksLikeUrl = command.length === 0 && /^https?:\/\//i.test(first);
  const transport = oneOf("--transport", values.transport, TRANSPORTS, looksLikeUrl ? "http" : "stdio") ?? "stdio";
  if (transport === "stdio") {
    if (Object.keys(headers).length > 0) throw new UsageError("-H headers are for http and sse servers; a stdio server takes -e KEY=VALUE.");
    return { name, scope, config: { type: "stdio", command: first, args: target.slice(1), env } };
  }
  if (command.length > 0 || target.length > 1) throw new UsageError(`an ${transport} server takes one URL: toolshed mcp add --transport ${transport} ${name} <url>.`);
  if (Object.keys(env).length > 0) throw new UsageError(`-e sets a stdio server's environment; an ${transport} server takes -H "Name: value" headers.`);
  checkUrl(first);
  return { name, scope, config: { type: transport, url: first, headers } };
}
