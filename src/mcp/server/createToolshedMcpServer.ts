/**
 * `mcp serve`'s MCP server for one client: lists the session's pool, and runs every call through
 * runToolUse with the session's permission rules. A call that would ask becomes an elicitation
 * when the client supports one, and is refused with the rule to add otherwise; the request's
 * cancellation aborts the call; errors are isError results, never protocol errors. The question
 * is put before the call takes its turn at the session's gate, so a person taking their time
 * holds up no other call; once in, the call is judged again, and runs only if nothing changed.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { safeParse } from "zod/mini";
import type { CanUseTool, ToolUseContext } from "../../Tool.ts";
import { getBuildInfo } from "../../buildInfo.ts";
import { describeError } from "../../errors/describeError.ts";
import { logError } from "../../errors/logError.ts";
import { findToolByName } from "../../findToolByName.ts";
import { nonInteractiveAskHandler, type AskHandler } from "../../permissions/askHandler.ts";
import { createCanUseTool } from "../../permissions/createCanUseTool.ts";
import { decide } from "../../permissions/decide.ts";
import type { PermissionDecision } from "../../permissions/types.ts";
import { coerceInput } from "../../pipeline/coerceInput.ts";
import { isConcurrencySafeCall } from "../../pipeline/isConcurrencySafeCall.ts";
import { runToolUse } from "../../pipeline/runToolUse.ts";
import { toolInputJSONSchema } from "../../pipeline/toolInputJSONSchema.ts";
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
  const parsed = safeParse(tool.inputSchema, coerceInput(input, toolInputJSONSchema(tool)));
  return !parsed.success || isConcurrencySafeCall(tool, parsed.data);
}

/** An ask handler that notes each decision it was asked about. */
function noting(handler: AskHandler, asked: PermissionDecision[]): AskHandler {
  return { ...handler, ask: (request) => (asked.push(request.decision), handler.ask(request)) };
}

/** Whether two ask decisions put the same question: the same reason for the same parts. */
function sameQuestion(a: PermissionDecision, b: PermissionDecision): boolean {
  return a.reason === b.reason && JSON.stringify(a.parts ?? []) === JSON.stringify(b.parts ?? []);
}

/**
 * What a question's answer depends on besides its words: where the shared shell starts, the mode
 * and the rules. `./build.sh` reads the same in any folder, but it is not the same script.
 */
function sessionState(context: ToolUseContext): string {
  const permissions = context.getAppState().toolPermissionContext;
  return JSON.stringify([context.services.shell.cwd, permissions.mode, permissions.rules.length, permissions.additionalDirectories]);
}

/**
 * The call's permission check: decided (and asked) with the gate open to others, then the call
 * waits for its turn, then it is judged again without asking. Another call may have moved the
 * shell or changed the rules meanwhile: a deny then holds, and a question other than the one the
 * person answered refuses the call. Later checks the call makes itself (a WebFetch whose name
 * leads to a private address) are only decided and asked: the call holds its turn already.
 */
function gatedCanUseTool(served: ServedSession, handler: AskHandler, exclusive: boolean, turn: { release?: () => void; finished: boolean }, signal: AbortSignal): CanUseTool {
  const asked: PermissionDecision[] = [];
  const decideAndAsk = createCanUseTool(noting(handler, asked));
  return async (request) => {
    const before = sessionState(request.context);
    const answer = await decideAndAsk(request);
    if (answer.decision !== "allow" || turn.release !== undefined) return answer;
    const release = await served.gate.acquire(exclusive, signal);
    // The call ended (aborted) while it waited: it never runs, so its turn is given back at once.
    if (turn.finished) {
      release();
      return { ...answer, decision: "deny", reason: "the call was cancelled while it waited for its turn" };
    }
    turn.release = release;
    const again = await decide({ tool: request.tool, input: request.input, context: request.context, hookVerdict: request.hookVerdict });
    if (again.decision === "allow") return answer;
    if (again.decision === "deny") return again;
    const question = asked.at(-1);
    if (question !== undefined && sameQuestion(question, again) && sessionState(request.context) === before) return answer;
    return { ...again, decision: "deny", reason: `${again.reason}; this changed while the call waited for its turn (another call ran first), so it was not run: make the call again` };
  };
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
  // The call's turn at the gate, taken once its permission is settled (a call refused before that never takes one).
  const turn: { release?: () => void; finished: boolean } = { finished: false };
  try {
    const handler = interactive ? createElicitationAskHandler(extra) : nonInteractiveAskHandler;
    const canUseTool = gatedCanUseTool(served, handler, !isSafeCall(served, name, input), turn, scope.controller.signal);
    const outcome = await runToolUse({ toolUse: { id: `mcp_${crypto.randomUUID().slice(0, 8)}_${String(extra.requestId)}`, name, input }, context, canUseTool });
    // As the scheduler would: the call's state change (a Read's file state) holds for later calls.
    outcome.contextModifier?.(session.context);
    return toMcpResult(outcome.result);
  } finally {
    turn.finished = true;
    turn.release?.();
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
      return await runServedCall(server, served, name, input, extra);
    } catch (error) {
      logError(error, served.session.context.sessionDirectory, `mcp serve: ${name}`);
      return { content: [{ type: "text", text: internalFailure(describeError(error)) }], isError: true };
    }
  });
  return server;
}
