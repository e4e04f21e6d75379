/**
 * REPL: runs JavaScript in a separate node:vm context where the other tools are async functions.
 * Every such call goes through runToolUse with the REPL call's own canUseTool, so validation,
 * permissions and result shaping apply exactly as to a direct call, and each call's context
 * modifier is applied before the next. The context holds no host object (see
 * vmInstallerSource.ts); node:vm is still not a security boundary against a hostile V8/JSC
 * exploit, and memory use inside the context is not limited.
 */
import { z } from "../../schema/zod.ts";
import { buildTool, toolResultText, type AnyTool, type CanUseTool, type ToolUseContext } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { runToolUse } from "../../pipeline/runToolUse.ts";
import { createChildContext } from "../../session/createChildContext.ts";
import { callableTools } from "./callableTools.ts";
import { DESCRIPTION, renderPrompt, REPL_TIMEOUT_MS, REPL_TOOL_NAME } from "./prompt.ts";
import { runInVm, VmCodeError, type VmToolReply } from "./runInVm.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  code: z.string().check(z.minLength(1), z.describe("JavaScript to run as the body of an async function; `return` a value to see it")),
});

/** One tool call made from inside the REPL. */
export interface ReplToolCall {
  name: string;
  ok: boolean;
}

export interface REPLOutput {
  logs: string[];
  value?: string;
  calls: ReplToolCall[];
}

/** Serves the code's tool calls one by one in a child context of the REPL call. */
function toolCaller(tools: AnyTool[], parent: ToolUseContext, signal: AbortSignal, canUseTool: CanUseTool, calls: ReplToolCall[]) {
  let next = 1;
  const prefix = `repl_${crypto.randomUUID().slice(0, 8)}`;
  let context = createChildContext(parent, { tools, agentId: parent.agentId, agentDepth: parent.agentDepth ?? 0, signal });
  return async (name: string, input: unknown, callSignal: AbortSignal): Promise<VmToolReply> => {
    const scoped = createChildContext(context, { tools, agentId: parent.agentId, agentDepth: parent.agentDepth ?? 0, signal: callSignal });
    const outcome = await runToolUse({ toolUse: { id: `${prefix}_${next++}`, name, input }, context: scoped, canUseTool });
    if (outcome.contextModifier !== undefined) context = outcome.contextModifier(context);
    const ok = outcome.result.is_error !== true;
    calls.push({ name, ok });
    return { ok, text: toolResultText(outcome.result) };
  };
}

export const REPLTool = buildTool({
  name: REPL_TOOL_NAME,
  searchHint: "javascript script run code batch tool calls",
  inputSchema,
  maxResultSizeChars: 100_000,
  tags: ["hostsTools"],
  description: DESCRIPTION,
  async prompt(options) {
    return renderPrompt(callableTools({ tools: options.tools, hiddenTools: options.hiddenTools ?? [] }).map((tool) => tool.name));
  },
  async call(input, { context, signal, canUseTool }) {
    const tools = callableTools(context.options);
    const calls: ReplToolCall[] = [];
    try {
      const run = await runInVm({
        code: input.code,
        toolNames: tools.map((tool) => tool.name),
        callTool: toolCaller(tools, context, signal, canUseTool, calls),
        signal,
        timeoutMs: REPL_TIMEOUT_MS,
      });
      return { data: { ...run, calls } };
    } catch (error) {
      if (!(error instanceof VmCodeError)) throw error;
      const logs = error.logs.length > 0 ? `\nConsole output before it stopped:\n${error.logs.join("\n")}` : "";
      throw new ToolError(`The code stopped with an error: ${error.message}${logs}`);
    }
  },
  mapToolResultToToolResultBlockParam(output: REPLOutput, toolUseId) {
    const parts: string[] = [];
    if (output.logs.length > 0) parts.push(output.logs.join("\n"));
    parts.push(output.value === undefined ? "(no value returned)" : `=> ${output.value}`);
    if (output.calls.length > 0) {
      parts.push(`Tool calls: ${output.calls.map((call) => `${call.name}${call.ok ? "" : " (failed)"}`).join(", ")}`);
    }
    return { type: "tool_result", tool_use_id: toolUseId, content: parts.join("\n") };
  },
});
