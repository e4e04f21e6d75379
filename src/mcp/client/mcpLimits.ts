/**
 * The numbers the MCP client works within, each with the environment variable users already set
 * for the leading agent: `MCP_TIMEOUT` (connecting), `MCP_TOOL_TIMEOUT` (one call),
 * `MAX_MCP_OUTPUT_TOKENS` (a result before it is saved to a file), and how many servers connect
 * at once.
 */

/** Connecting (start, initialize, first tool list) when `MCP_TIMEOUT` does not say. */
export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
/** One tool call when `MCP_TOOL_TIMEOUT` does not say. */
export const DEFAULT_MCP_TOOL_TIMEOUT_MS = 10 * 60_000;
/** A result's size, in tokens, when `MAX_MCP_OUTPUT_TOKENS` does not say. */
export const DEFAULT_MAX_MCP_OUTPUT_TOKENS = 25_000;
/** The rough size of a token, to turn the token limit into the pipeline's character limit. */
export const CHARS_PER_TOKEN = 4;
/** Stdio servers started at once (each may be a cold `npx`); remote servers connected at once. */
export const DEFAULT_STDIO_CONNECTIONS = 3;
export const DEFAULT_REMOTE_CONNECTIONS = 20;
/** `tools/list` pages read per server, and tools kept per server: a server cannot make us loop or fill memory. */
export const MAX_TOOL_PAGES = 100;
export const MAX_TOOLS_PER_SERVER = 1000;
/** Resources kept from one server's listing, and its pages. */
export const MAX_RESOURCES_PER_SERVER = 1000;
export const MAX_RESOURCE_PAGES = 20;
/** A stdio server's log file stops growing here. */
export const MAX_SERVER_LOG_BYTES = 1024 * 1024;
/** The longest description of one MCP tool the model is given. */
export const MAX_TOOL_DESCRIPTION_CHARS = 2048;
/** The largest single message or HTTP response accepted from a server. */
export const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

/** The longest wait a timer can hold (about 24.8 days); a larger one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The limits in force. */
export interface McpLimits {
  connectTimeoutMs: number;
  toolTimeoutMs: number;
  maxResultSizeChars: number;
  stdioConnections: number;
  remoteConnections: number;
}

/** A positive whole number written in decimal digits, else undefined. */
function positiveInteger(raw: string | undefined): number | undefined {
  const text = raw?.trim() ?? "";
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/** The limits from `environment`, each falling back to its default when unset or not a positive number; time limits stop at what a timer can hold. */
export function readMcpLimits(environment: Record<string, string | undefined> = process.env): McpLimits {
  const tokens = positiveInteger(environment.MAX_MCP_OUTPUT_TOKENS) ?? DEFAULT_MAX_MCP_OUTPUT_TOKENS;
  return {
    connectTimeoutMs: Math.min(positiveInteger(environment.MCP_TIMEOUT) ?? DEFAULT_MCP_TIMEOUT_MS, MAX_TIMER_MS),
    toolTimeoutMs: Math.min(positiveInteger(environment.MCP_TOOL_TIMEOUT) ?? DEFAULT_MCP_TOOL_TIMEOUT_MS, MAX_TIMER_MS),
    maxResultSizeChars: tokens * CHARS_PER_TOKEN,
    stdioConnections: positiveInteger(environment.MCP_SERVER_CONNECTION_BATCH_SIZE) ?? DEFAULT_STDIO_CONNECTIONS,
    remoteConnections: positiveInteger(environment.MCP_REMOTE_SERVER_CONNECTION_BATCH_SIZE) ?? DEFAULT_REMOTE_CONNECTIONS,
  };
}
