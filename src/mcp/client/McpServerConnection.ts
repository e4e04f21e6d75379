/**
 * One MCP server of a session: connects within `MCP_TIMEOUT`, reads its whole tool list, keeps it
 * fresh on `notifications/tools/list_changed` (keeping the old list when a refresh fails), calls
 * its tools and reads its resources, and knows its state for `mcp list`. It never throws out of
 * `connect`: a server that fails or hangs is reported and the session goes on without it.
 */
import { join } from "node:path";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createAjvProvider } from "./lazyJsonSchemaValidator.ts";
import type { AnyTool } from "../../Tool.ts";
import { getBuildInfo } from "../../buildInfo.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { describeError } from "../../errors/describeError.ts";
import { stopProcessGroup } from "../../tasks/processGroups.ts";
import type { McpResource, McpResourceContent, McpServerScope, McpServerStatus } from "../../session/types.ts";
import type { McpServerConfig } from "./config/McpServerConfig.ts";
import { createMcpTool, type McpProgress } from "./createMcpTool.ts";
import { createMcpTransport, type McpTransport } from "./createMcpTransport.ts";
import { listAllPages } from "./listAllPages.ts";
import { McpProtocolClient } from "./McpProtocolClient.ts";
import { MAX_RESOURCE_PAGES, MAX_RESOURCES_PER_SERVER, MAX_TOOL_PAGES, MAX_TOOLS_PER_SERVER, type McpLimits } from "./mcpLimits.ts";
import { assignToolNames } from "./mcpToolName.ts";
import { noResources, serverUnavailable } from "./prompt.ts";
import { raceDeadline } from "./raceDeadline.ts";
import { checkResult } from "./sdkResultSchemas.ts";
import { ServerLog } from "./ServerLog.ts";
import type { StartedServer } from "./spawnServerProcess.ts";
import { readToolPage, type McpToolDefinition } from "./toolDefinitions.ts";
import { EXIT_GRACE_MS } from "./ProcessStdioTransport.ts";

/** Everything one connection is made from. */
export interface McpServerConnectionOptions {
  name: string;
  /** The server's part of its tools' names (normalized, distinct among the session's servers). */
  serverPart: string;
  scope: McpServerScope;
  where: string;
  /** The configuration with `${VAR}` already expanded. */
  config: McpServerConfig;
  cwd: string;
  sessionDirectory: string;
  limits: McpLimits;
  /** A ready transport instead of one built from `config` (tests use the SDK's in-memory pair). */
  transport?: Transport;
  /** A stdio server's process, started before this connection was made (see spawnServerProcess). */
  started?: StartedServer;
  /** Called when this server's tools or state change (a refresh, the server going away). */
  onChange?: () => void;
  warn?: (text: string) => void;
}

/** A file name for the server's log: its name with anything odd replaced. */
function logFileName(name: string): string {
  return `${name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 100) || "server"}.log`;
}

/** One server and its client. */
export class McpServerConnection {
  private client: McpProtocolClient | undefined;
  private transport: McpTransport | undefined;
  private state: McpServerStatus;
  private currentTools: AnyTool[] = [];
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  /** A list_changed that came while connecting: the first listing may predate it. */
  private changedWhileConnecting = false;
  private closing = false;
  readonly log: ServerLog;

  constructor(private readonly options: McpServerConnectionOptions) {
    this.state = { name: options.name, status: "pending", scope: options.scope, where: options.where, transport: options.config.type };
    this.log = new ServerLog(join(options.sessionDirectory, "mcp-logs", logFileName(options.name)));
  }

  get name(): string {
    return this.options.name;
  }

  /** The rule that names every tool of this server (`mcp__<server>`, normalized). */
  get ruleName(): string {
    return `mcp__${this.options.serverPart}`;
  }

  status(): McpServerStatus {
    return { ...this.state, ruleName: this.ruleName };
  }

  /** The server's tools as the pool holds them (none unless connected). */
  tools(): AnyTool[] {
    return this.state.status === "connected" ? this.currentTools : [];
  }

  /** Connects and lists the tools; on any failure the state says why. Never throws; after close it does nothing. */
  async connect(): Promise<void> {
    if (this.closing) return;
    const { connectTimeoutMs } = this.options.limits;
    const deadline = AbortSignal.timeout(connectTimeoutMs);
    const late = () => `it did not answer within ${connectTimeoutMs / 1000} s (MCP_TIMEOUT is ${connectTimeoutMs} ms)`;
    try {
      this.transport = this.options.transport === undefined
        ? await raceDeadline(createMcpTransport(this.options.config, { cwd: this.options.cwd, log: this.log, started: this.options.started }), deadline, late)
        : { transport: this.options.transport, describeEnd: () => undefined };
      // Closed while the transport was made (the session ended before its servers connected).
      if (this.closing) throw new Error("closed with the session");
      const client = new McpProtocolClient({ name: "toolshed", version: getBuildInfo().version });
      this.client = client;
      client.onerror = (error) => this.log.note(`protocol: ${describeError(error)}`);
      client.onclose = () => this.onClosed();
      client.setNotificationHandler("notifications/tools/list_changed", () => void this.refreshTools());
      const { capabilities } = await raceDeadline(client.connect(this.transport.transport, { timeoutMs: connectTimeoutMs, signal: deadline }), deadline, late);
      const definitions = capabilities.tools === undefined ? [] : await raceDeadline(this.listTools(deadline), deadline, late);
      // It went away after answering: failed, not connected with a dead client.
      if (client.isClosed) throw new Error("the connection closed right after it started");
      this.currentTools = this.adapt(definitions);
      this.state = { ...this.state, status: "connected", detail: undefined, toolCount: this.currentTools.length, hasResources: capabilities.resources !== undefined };
      if (this.changedWhileConnecting) void this.refreshTools();
    } catch (error) {
      // A close() meanwhile is not the server's failure: it is simply closed, and no warning is due.
      this.state = this.closing
        ? { ...this.state, status: "disabled", detail: "closed with the session" }
        : { ...this.state, status: "failed", detail: this.explainFailure(error) };
      this.closing = true;
      await this.transport?.terminate?.();
      await this.shutDown();
    }
  }

  private explainFailure(error: unknown): string {
    const end = this.transport?.describeEnd();
    const said = this.log.tail();
    const reason = end ?? describeError(error);
    return `${reason}${said === "" ? "" : `; it said: ${said.replace(/\s*\n\s*/g, " | ")}`}`;
  }

  private async listTools(signal: AbortSignal): Promise<McpToolDefinition[]> {
    const client = this.requireClient();
    const rejected: string[] = [];
    const listed = await listAllPages(async (cursor) => {
      const page = readToolPage(await client.request("tools/list", cursor === undefined ? {} : { cursor }, { signal, timeoutMs: this.options.limits.connectTimeoutMs }));
      rejected.push(...page.rejected);
      return { items: page.tools, nextCursor: page.nextCursor };
    }, { maxPages: MAX_TOOL_PAGES, maxItems: MAX_TOOLS_PER_SERVER });
    if (rejected.length > 0) {
      const shown = rejected.slice(0, 5).join("; ");
      this.options.warn?.(`MCP server "${this.name}": ${rejected.length} tool definitions are malformed and left out (${shown}${rejected.length > 5 ? "; ..." : ""})`);
    }
    if (listed.cutShort !== undefined) this.options.warn?.(`MCP server "${this.name}": ${listed.cutShort} tools`);
    // A server that lists a name twice: the first one counts.
    const byName = new Map<string, McpToolDefinition>();
    for (const tool of listed.items) if (!byName.has(tool.name)) byName.set(tool.name, tool);
    return [...byName.values()];
  }

  /** Adapts the definitions; tools that can only run as tasks are left out (toolshed calls tools directly). */
  private adapt(definitions: McpToolDefinition[]): AnyTool[] {
    const usable = definitions.filter((tool) => tool.execution?.taskSupport !== "required");
    if (usable.length < definitions.length) {
      this.options.warn?.(`MCP server "${this.name}": ${definitions.length - usable.length} tools run only as tasks, which toolshed does not use; they are left out`);
    }
    const names = assignToolNames(this.options.serverPart, usable.map((tool) => tool.name));
    const schemas = createAjvProvider();
    return usable.map((definition, index) => createMcpTool({
      server: this,
      definition,
      name: names[index] ?? definition.name,
      maxResultSizeChars: this.options.limits.maxResultSizeChars,
      toolTimeoutMs: this.options.limits.toolTimeoutMs,
      schemas,
    }));
  }

  /** Re-reads the tool list (on list_changed); a failed refresh keeps the tools there were. */
  refreshTools(): Promise<void> {
    if (this.state.status === "pending") {
      this.changedWhileConnecting = true;
      return Promise.resolve();
    }
    if (this.refreshing !== undefined) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        if (this.state.status !== "connected") break;
        try {
          const definitions = await this.listTools(AbortSignal.timeout(this.options.limits.connectTimeoutMs));
          this.currentTools = this.adapt(definitions);
          this.state = { ...this.state, toolCount: this.currentTools.length };
          this.options.onChange?.();
        } catch (error) {
          this.options.warn?.(`MCP server "${this.name}": its tool list changed, but reading it again failed (${describeError(error)}); the previous tools are kept`);
        }
      } while (this.refreshAgain);
      this.refreshing = undefined;
    })();
    return this.refreshing;
  }

  private requireClient(): McpProtocolClient {
    if (this.client === undefined || this.state.status === "failed" || this.state.status === "disabled") {
      throw new ToolError(serverUnavailable(this.name, this.state.detail ?? this.state.status));
    }
    return this.client;
  }

  /** Calls one of the server's tools; the signal cancels it (the server is sent notifications/cancelled). */
  async callTool(toolName: string, args: { [key: string]: unknown }, options: { signal: AbortSignal; onProgress: (progress: McpProgress) => void }): Promise<CallToolResult> {
    const client = this.requireClient();
    const result = await client.request("tools/call", { name: toolName, arguments: args }, {
      signal: options.signal,
      timeoutMs: this.options.limits.toolTimeoutMs,
      onProgress: (progress) => options.onProgress({
        progress: progress.progress,
        total: progress.total,
        message: progress.message ?? (progress.total === undefined ? `${this.name}: ${progress.progress}` : `${this.name}: ${progress.progress}/${progress.total}`),
      }),
    });
    return checkResult(result, (types) => types.CallToolResultSchema, "tool result");
  }

  private hasResources(): boolean {
    return this.client?.server?.capabilities.resources !== undefined;
  }

  /** The server's resources; a ToolError when it offers none. */
  async listResources(signal: AbortSignal): Promise<McpResource[]> {
    const client = this.requireClient();
    if (!this.hasResources()) throw new ToolError(noResources(this.name));
    const listed = await listAllPages(async (cursor) => {
      const raw = await client.request("resources/list", cursor === undefined ? {} : { cursor }, { signal, timeoutMs: this.options.limits.toolTimeoutMs });
      const page = await checkResult(raw, (types) => types.ListResourcesResultSchema, "resource list");
      return { items: page.resources, nextCursor: page.nextCursor };
    }, { maxPages: MAX_RESOURCE_PAGES, maxItems: MAX_RESOURCES_PER_SERVER });
    if (listed.cutShort !== undefined) this.options.warn?.(`MCP server "${this.name}": ${listed.cutShort} resources`);
    return listed.items.map((resource) => ({
      server: this.name,
      uri: resource.uri,
      name: resource.name,
      title: resource.title,
      description: resource.description,
      mimeType: resource.mimeType,
    }));
  }

  /** Reads one resource; a ToolError when the server offers none. */
  async readResource(uri: string, signal: AbortSignal): Promise<McpResourceContent[]> {
    const client = this.requireClient();
    if (!this.hasResources()) throw new ToolError(noResources(this.name));
    const raw = await client.request("resources/read", { uri }, { signal, timeoutMs: this.options.limits.toolTimeoutMs });
    const result = await checkResult(raw, (types) => types.ReadResourceResultSchema, "resource");
    return result.contents.map((content) => "text" in content
      ? { uri: content.uri, mimeType: content.mimeType, text: content.text }
      : { uri: content.uri, mimeType: content.mimeType, blob: content.blob });
  }

  private onClosed(): void {
    if (this.closing || this.state.status !== "connected") return;
    const end = this.transport?.describeEnd();
    this.state = { ...this.state, status: "failed", detail: `the connection closed${end === undefined ? "" : ` (${end})`}; see ${this.log.path}`, toolCount: 0 };
    this.options.onChange?.();
  }

  private async shutDown(): Promise<void> {
    this.closing = true;
    try {
      await this.client?.close();
    } catch {
      // Closing what already broke: nothing more to do.
    }
    try {
      await this.transport?.transport.close();
    } catch {
      // As above.
    }
  }

  /** Ends the connection and stops the server (its whole process group, for stdio), also one still connecting. */
  async close(): Promise<void> {
    const { started } = this.options;
    // A process started ahead of its transport that has none yet: nothing else would stop it.
    if (this.transport === undefined && started !== undefined && "child" in started) {
      this.closing = true;
      await stopProcessGroup(started.child.pid, started.child.exited, EXIT_GRACE_MS);
    }
    await this.shutDown();
    if (this.state.status === "connected" || this.state.status === "pending") this.state = { ...this.state, status: "disabled", detail: "closed with the session" };
  }
}
