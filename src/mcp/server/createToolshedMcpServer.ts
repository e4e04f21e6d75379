/**
 * `mcp serve`'s MCP server for one client: lists the session's pool, and runs every call through
 * runToolUse with the session's permission rules. A call that would ask becomes an elicitation
 * when the client supports one, and is refused with the rule to add otherwise; the request's
 * cancellation aborts the call; errors are isError results, never protocol errors.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolUseContext } from "../../Tool.ts";
import { getBuildInfo } from "../../buildInfo.ts";
import { describeError } from "../../errors/describeError.ts";
import { logError } from "../../errors/logError.ts";
import { findToolByName } from "../../findToolByName.ts";
import { nonInteractiveAskHandler } from "../../permissions/askHandler.ts";
import { createCanUseTool } from "../../permissions/createCanUseTool.ts";
import { isConcurrencySafeCall } from "../../pipeline/isConcurrencySafeCall.ts";
import { parseToolInput } from "../../pipeline/parseToolInput.ts";
import { runToolUse } from "../../pipeline/runToolUse.ts";
import { createAbortScope } from "../../session/abortScope.ts";
import { createElicitationAskHandler, supportsFormElicitation } from "./createElicitationAskHandler.ts";
import type { McpRequestExtra } from "./McpRequestExtra.ts";
import type { ServedSession } from "./createServedSession.ts";
import { internalFailure, serverInstructions } from "./prompt.ts";
import { reportProgress } from "./reportProgress.ts";
import { toMcpResult } from "./toMcpResult.ts";

/** Whether a call may run beside others: the tool exists, the input parses, and the tool says so. */
function isSafeCall(served: ServedSession, name: string, input: { [key: string]: unknown }): boolean {
  const tool = findToolByName(served.session.tools, name);
  if (tool === undefined) return true; // it only gets an error back
  const parsed = parseToolInput(tool, input);
  return !parsed.success || isConcurrencySafeCall(tool, parsed.data);
}

/** One served call: its own abort scope under the session's, its own ask handler and progress. */
async function runServedCall(server: Server, served: ServedSession, name: string, input: { [key: string]: unknown }, extra: McpRequestExtra): Promise<CallToolResult> {
  const { session } = served;
  const scope = createAbortScope(session.context.abortController.signal);
  const onCancel = () => scope.controller.abort(extra.signal.reason);
  extra.signal.addEventListener("abort", onCancel, { once: true });
  if (extra.signal.aborted) onCancel();
  const progress = reportProgress(extra, served.progressIntervalMs);
  const interactive = supportsFormElicitation(server.getClientCapabilities());
  const context: ToolUseContext = {
    ...session.context,
    abortController: scope.controller,
    options: { ...session.context.options, isNonInteractive: !interactive },
    onProgress: (event) => progress.report(event.data),
    onWarning: (text) => {
      server.sendLoggingMessage({ level: "warning", logger: "toolshed", data: text }, extra.sessionId).catch(() => {
        // The warning is for the client's person; a client that went away cannot take it.
      });
    },
  };
  try {
    const canUseTool = createCanUseTool(interactive ? createElicitationAskHandler(extra) : nonInteractiveAskHandler);
    const outcome = await runToolUse({ toolUse: { id: `mcp_${crypto.randomUUID().slice(0, 8)}_${String(extra.requestId)}`, name, input }, context, canUseTool });
    // As the scheduler would: the call's state change (a Read's file state) holds for later calls.
    outcome.contextModifier?.(session.context);
    return toMcpResult(outcome.result);
  } finally {
    progress.stop();
    extra.signal.removeEventListener("abort", onCancel);
    scope.dispose();
  }
}

/** A server for one client of `served`; connect it to that client's transport. */
export function createToolshedMcpServer(served: ServedSession): Server {
  const server = new Server(
    { name: "toolshed", title: "toolshed", version: getBuildInfo().version },
    { capabilities: { tools: { listChanged: false }, logging: {} }, instructions: serverInstructions(served.session.cwd) },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await served.listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const input = request.params.arguments ?? {};
    try {
      return await served.gate.run(!isSafeCall(served, name, input), () => runServedCall(server, served, name, input, extra));
    } catch (error) {
      logError(error, served.session.context.sessionDirectory, `mcp serve: ${name}`);
      return { content: [{ type: "text", text: internalFailure(describeError(error)) }], isError: true };
    }
  });
  return server;
}
