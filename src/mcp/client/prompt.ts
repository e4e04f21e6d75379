/**
 * Every word the model reads about MCP tools that is not the server's own: fallbacks, notes that
 * stand in for content it cannot be shown, and the errors of a call.
 */
import { MAX_TOOL_DESCRIPTION_CHARS } from "./mcpLimits.ts";

/** The description the model gets: the server's, cut to a bounded size. */
export function describeMcpTool(server: string, toolName: string, description: string | undefined): string {
  const text = description?.trim() ? description.trim() : `The "${toolName}" tool of the MCP server "${server}" (it gives no description).`;
  return text.length <= MAX_TOOL_DESCRIPTION_CHARS ? text : `${text.slice(0, MAX_TOOL_DESCRIPTION_CHARS)}... (description cut)`;
}

export function imageTypeNote(mimeType: string): string {
  return `[The tool returned an image of type ${mimeType}, which cannot be shown: only PNG, JPEG, GIF and WebP images can.]`;
}

export function imageSizeNote(bytes: number, limit: number): string {
  return `[The tool returned an image of ${bytes} bytes, over the ${limit} bytes an image may have, so it is not shown.]`;
}

export function audioNote(mimeType: string, bytes: number): string {
  return `[The tool returned audio (${mimeType}, ${bytes} bytes), which cannot be played here.]`;
}

export function resourceLinkNote(link: { uri: string; name: string; mimeType?: string; description?: string }): string {
  const details = [link.mimeType, link.description].filter((part) => part !== undefined && part !== "").join("; ");
  return `[Resource link: ${link.name} <${link.uri}>${details === "" ? "" : ` (${details})`}. Read it with ReadMcpResource if you need its content.]`;
}

export function embeddedTextHeader(uri: string): string {
  return `[Resource ${uri}]`;
}

export function embeddedBlobNote(uri: string, mimeType: string | undefined, bytes: number): string {
  return `[The tool returned the resource ${uri} as binary data (${mimeType ?? "unknown type"}, ${bytes} bytes), which is not shown. Read it with ReadMcpResource to save it to a file.]`;
}

export const EMPTY_RESULT = "(The tool returned no content.)";

export function structuredContentHeader(): string {
  return "Structured result (JSON):";
}

export function outputSchemaMismatch(toolName: string, message: string): string {
  return `The MCP server's result for ${toolName} does not match the output schema the server itself declared (${message}), so it was not used. Try the call again, or report it to whoever runs the server.`;
}

/** Why an MCP tool's call is asked: a server's own annotations are hints, never a permission. */
export function askReason(server: string, toolName: string, readOnly: boolean): string {
  return readOnly
    ? `${toolName} comes from the MCP server ${server}, which says it only reads; a server's word is not a permission`
    : `${toolName} comes from the MCP server ${server} and may make changes`;
}

export function invalidInput(toolName: string, message: string): string {
  return `the input for ${toolName} does not match the tool's input schema: ${message}. Fix the input and call it again.`;
}

export function callTimedOut(toolName: string, timeoutMs: number): string {
  const within = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
  return `${toolName} did not finish within ${within} (MCP_TOOL_TIMEOUT is ${timeoutMs} ms), so the call was cancelled. Ask for less at once, or have MCP_TOOL_TIMEOUT raised.`;
}

export function serverUnavailable(server: string, detail: string): string {
  return `the MCP server "${server}" is not connected (${detail}), so its tools cannot be used now.`;
}

export function callFailed(server: string, toolName: string, message: string): string {
  return `the MCP server "${server}" could not run ${toolName}: ${message}`;
}

export function noResources(server: string): string {
  return `The MCP server "${server}" offers no resources (it does not support resources/list or resources/read).`;
}

export function unknownServer(server: string, servers: readonly string[]): string {
  return `There is no MCP server named "${server}". The configured servers are: ${servers.length === 0 ? "(none)" : servers.join(", ")}.`;
}

export function serverNotStarted(server: string, why: string): string {
  return `The MCP server "${server}" was not started in this session: ${why}.`;
}

export function noServerWithResources(servers: readonly string[]): string {
  return servers.length === 0
    ? "No MCP server is configured in this session, so there are no MCP resources."
    : `None of the connected MCP servers offers resources (the configured servers are: ${servers.join(", ")}).`;
}
