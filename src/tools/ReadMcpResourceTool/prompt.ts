/** Every word the model reads about ReadMcpResource. */
export const READ_MCP_RESOURCE_TOOL_NAME = "ReadMcpResource";

export const DESCRIPTION = "Read a resource an MCP server offers.";

export const SERVER_PARAMETER = "The MCP server that offers the resource";
export const URI_PARAMETER = "The resource's URI, as ListMcpResources shows it";

export const NO_SERVERS = "No MCP server is configured in this session, so there are no MCP resources to read.";

export function renderPrompt(): string {
  return `Reads one resource of an MCP server, by its server and URI (as ListMcpResources lists them).

- Text content comes back as text.
- Binary content (images, archives, ...) is saved to a file in the session folder, and the result
  gives that file's path, type and size.`;
}

export function textPart(uri: string, mimeType: string | undefined, text: string): string {
  return `[${uri}${mimeType === undefined ? "" : ` (${mimeType})`}]\n${text}`;
}

export function savedBlobPart(uri: string, mimeType: string | undefined, bytes: number, path: string): string {
  return `[${uri}] is binary data (${mimeType ?? "unknown type"}, ${bytes} bytes); it was saved to ${path}`;
}

export function unsavedBlobPart(uri: string, reason: string): string {
  return `[${uri}] is binary data that could not be saved to a file: ${reason}`;
}

export function emptyResource(uri: string): string {
  return `The resource ${uri} has no content.`;
}
