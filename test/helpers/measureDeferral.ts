/**
 * What deferral saves with many MCP tools: the request the loop builds for a pool of the
 * built-ins and `count` sample MCP tools, with tool search off and on. Tokens are estimated as
 * characters / 4 of what enters the prompt (count_tokens needs the API, which is not reachable
 * offline): the tools sent without defer_loading, the system blocks, and the message.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildModelRequest } from "../../src/query/buildModelRequest.ts";
import { estimateTokens } from "../../src/query/planToolDeferral.ts";
import { toSchemasRequest } from "../../src/query/toolReferenceFallback.ts";
import { createSession } from "../../src/session/createSession.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import { sampleMcpTools } from "./sampleMcpTools.ts";

export interface DeferralMeasure {
  mcpTools: number;
  /** Estimated prompt tokens with every tool loaded up front. */
  upfrontTokens: number;
  /** Estimated prompt tokens with the MCP tools deferred (the first-party API: defer_loading). */
  deferredTokens: number;
  /** The request body's size in characters, up front and for a gateway without tool references. */
  upfrontBodyChars: number;
  gatewayBodyChars: number;
}

async function promptChars(mcpTools: number, setting: string): Promise<{ prompt: number; body: number; gateway: number }> {
  const folder = mkdtempSync(join(tmpdir(), "toolshed-deferral-"));
  const previous = process.env.TOOLSHED_TOOL_SEARCH;
  process.env.TOOLSHED_TOOL_SEARCH = setting;
  try {
    const session = await createSession({ cwd: folder, tools: [...getAllBaseTools(), ...sampleMcpTools(mcpTools)], settings: {}, sessionDirectory: join(folder, "session") });
    const request = await buildModelRequest({ model: "claude-sonnet-5-5", maxTokens: 1024, system: [{ type: "text", text: "You are a test." }], messages: [{ role: "user", content: "hi" }], context: session.context });
    await session.close();
    const loaded = (request.tools ?? []).filter((tool) => !("defer_loading" in tool && tool.defer_loading === true));
    const prompt = JSON.stringify(loaded).length + JSON.stringify(request.system).length + JSON.stringify(request.messages).length;
    return { prompt, body: JSON.stringify(request).length, gateway: JSON.stringify(toSchemasRequest(request)).length };
  } finally {
    if (previous === undefined) delete process.env.TOOLSHED_TOOL_SEARCH;
    else process.env.TOOLSHED_TOOL_SEARCH = previous;
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Measures a pool of the built-ins and `mcpTools` sample MCP tools. */
export async function measureDeferral(mcpTools = 100): Promise<DeferralMeasure> {
  const upfront = await promptChars(mcpTools, "false");
  const deferred = await promptChars(mcpTools, "auto");
  return {
    mcpTools,
    upfrontTokens: estimateTokens(upfront.prompt),
    deferredTokens: estimateTokens(deferred.prompt),
    upfrontBodyChars: upfront.body,
    gatewayBodyChars: deferred.gateway,
  };
}
