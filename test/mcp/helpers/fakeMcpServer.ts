/**
 * An MCP server for tests, built on the SDK's low-level Server with raw JSON Schemas: tools with
 * handlers, pages of a chosen size, optional resources, and a way to change the tools and send
 * notifications/tools/list_changed. Reached over the SDK's in-memory transport pair.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type ReadResourceResult,
  type Resource,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";

/** What a fake tool's handler receives. */
export interface FakeCall {
  arguments: { [key: string]: unknown };
  signal: AbortSignal;
  sendProgress(progress: number, total?: number): Promise<void>;
}

export interface FakeMcpTool {
  definition: Tool;
  handler?: (call: FakeCall) => Promise<CallToolResult> | CallToolResult;
}

export interface FakeMcpServerOptions {
  tools?: FakeMcpTool[];
  pageSize?: number;
  resources?: { list: Resource[]; read: (uri: string) => ReadResourceResult };
  /** Fails every tools/list after the first when set (a refresh that breaks). */
  failRelist?: boolean;
}

export interface FakeMcpServer {
  server: Server;
  /** The client's end of the in-memory pair. */
  clientTransport: InMemoryTransport;
  /** How many tools/list requests arrived, and the cancellations seen. */
  listRequests: number;
  cancelled: string[];
  /** Resolves once a call of `name` has been cancelled by the client. */
  whenCancelled(name: string): Promise<void>;
  setTools(tools: FakeMcpTool[]): Promise<void>;
}

/** A plain text result. */
export function textResult(text: string, isError = false): CallToolResult {
  return { content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) };
}

/** A tool definition with an object schema of string properties (all required). */
export function toolDefinition(name: string, properties: Record<string, { type: string }> = {}, extra: Partial<Tool> = {}): Tool {
  return { name, description: `The ${name} tool.`, inputSchema: { type: "object", properties, required: Object.keys(properties) }, ...extra };
}

/** Starts the server on one end of an in-memory pair. */
export async function startFakeMcpServer(options: FakeMcpServerOptions = {}): Promise<FakeMcpServer> {
  let tools = options.tools ?? [];
  const capabilities = { tools: { listChanged: true }, ...(options.resources ? { resources: {} } : {}) };
  const server = new Server({ name: "fake", version: "1.0.0" }, { capabilities });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const cancelWaiters: Array<{ name: string; resolve: () => void }> = [];
  const state: FakeMcpServer = {
    server,
    clientTransport,
    listRequests: 0,
    cancelled: [],
    whenCancelled: (name) => new Promise<void>((resolve) => {
      if (state.cancelled.includes(name)) resolve();
      else cancelWaiters.push({ name, resolve });
    }),
    async setTools(next) {
      tools = next;
      await server.sendToolListChanged();
    },
  };
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    state.listRequests++;
    if (options.failRelist && state.listRequests > 1) throw new Error("listing is broken now");
    const size = options.pageSize ?? tools.length;
    const start = request.params?.cursor === undefined ? 0 : Number(request.params.cursor);
    const page = tools.slice(start, start + Math.max(size, 1)).map((tool) => tool.definition);
    const next = start + size < tools.length ? String(start + size) : undefined;
    return { tools: page, ...(next === undefined ? {} : { nextCursor: next }) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.find((candidate) => candidate.definition.name === request.params.name);
    if (tool?.handler === undefined) return textResult(`no handler for ${request.params.name}`, true);
    extra.signal.addEventListener("abort", () => {
      state.cancelled.push(request.params.name);
      for (const waiter of cancelWaiters.filter((candidate) => candidate.name === request.params.name)) waiter.resolve();
    }, { once: true });
    const token = request.params._meta?.progressToken;
    return tool.handler({
      arguments: request.params.arguments ?? {},
      signal: extra.signal,
      sendProgress: async (progress, total) => {
        if (token === undefined) return;
        await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, total } });
      },
    });
  });
  if (options.resources) {
    const resources = options.resources;
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: resources.list }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => resources.read(request.params.uri));
  }
  await server.connect(serverTransport);
  return state;
}
