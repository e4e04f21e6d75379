/**
 * What `mcp serve` serves a client from: the toolshed session (its pool, rules and services), the
 * gate that keeps calls that are not concurrency-safe apart, and the tool listing, made once.
 * Over stdio there is one client; over HTTP each client gets one of its own (serveMcpHttp).
 */
import type { Tool as McpToolListing } from "@modelcontextprotocol/sdk/types.js";
import type { ToolInputJSONSchema } from "../../Tool.ts";
import type { Session } from "../../session/createSession.ts";
import { toolInputJSONSchema } from "../../pipeline/toolInputJSONSchema.ts";
import { CallGate } from "./CallGate.ts";
import { toolAnnotations } from "./toolAnnotations.ts";

/** The session and what is made from it once. */
export interface ServedSession {
  session: Session;
  gate: CallGate;
  /** tools/list's answer: the pool with JSON Schemas and annotations. */
  listTools(): Promise<McpToolListing[]>;
  /** How often a long call reports progress when it says nothing itself. */
  progressIntervalMs?: number;
}

/** The JSON Schema in the shape MCP's listing type spells out (each property a schema object). */
function mcpInputSchema(schema: ToolInputJSONSchema): McpToolListing["inputSchema"] {
  const properties: Record<string, object> = {};
  for (const [key, value] of Object.entries(schema.properties ?? {})) if (typeof value === "object" && value !== null) properties[key] = value;
  return { ...schema, type: "object", properties };
}

/** Wraps a session for serving. */
export function createServedSession(session: Session, options: { progressIntervalMs?: number } = {}): ServedSession {
  let listing: Promise<McpToolListing[]> | undefined;
  return {
    session,
    gate: new CallGate(),
    progressIntervalMs: options.progressIntervalMs,
    listTools() {
      listing ??= Promise.all(session.tools.map(async (tool): Promise<McpToolListing> => ({
        name: tool.name,
        description: await tool.prompt({ tools: session.tools }),
        inputSchema: mcpInputSchema(toolInputJSONSchema(tool)),
        annotations: toolAnnotations(tool),
      })));
      return listing;
    },
  };
}
