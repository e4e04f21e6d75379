/** Every word the model reads about ListMcpResources. */
export const LIST_MCP_RESOURCES_TOOL_NAME = "ListMcpResources";

export const DESCRIPTION = "List the resources MCP servers offer.";

export const SERVER_PARAMETER = "The MCP server whose resources to list; every connected server's when left out";

export const NO_SERVERS = "No MCP server is configured in this session, so there are no MCP resources.";

export function renderPrompt(): string {
  return `Lists the resources (files, records, documents...) that the connected MCP servers offer,
each with its server, URI, name, type and description.

- server names one MCP server; leave it out to list the resources of every connected server.
- Read a resource's content with ReadMcpResource, giving its server and uri.`;
}

/** The listing as the model reads it. */
export function formatResources(resources: readonly { server: string; uri: string; name: string; title?: string; description?: string; mimeType?: string }[], server: string | undefined, heldBack: readonly string[] = []): string {
  const note = heldBack.length === 0 ? "" : `\n(Left out: ${heldBack.map((name) => `"${name}"`).join(", ")}, since a permission rule denies or asks before listing ${heldBack.length === 1 ? "it" : "them"}; name a server to be asked about it.)`;
  if (resources.length === 0) return `${server === undefined ? "The connected MCP servers list no resources." : `The MCP server "${server}" lists no resources.`}${note}`;
  const lines = resources.map((resource) => {
    const type = resource.mimeType === undefined ? "" : ` (${resource.mimeType})`;
    const description = resource.description === undefined || resource.description === "" ? "" : `: ${resource.description}`;
    return `- server "${resource.server}", uri ${resource.uri}: ${resource.title ?? resource.name}${type}${description}`;
  });
  return `${resources.length} resource${resources.length === 1 ? "" : "s"}:\n${lines.join("\n")}${note}`;
}
