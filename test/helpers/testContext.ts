/** Contexts and pipeline helpers for tests: a real context over a real temporary folder. */
import type { Tools, ToolUseContext } from "../../src/Tool.ts";
import { createToolUseContext } from "../../src/context/createToolUseContext.ts";
import { nonInteractiveAskHandler, type AskHandler } from "../../src/permissions/askHandler.ts";
import { createCanUseTool } from "../../src/permissions/createCanUseTool.ts";
import type { ToolPermissionContext } from "../../src/permissions/types.ts";
import { runToolUse, type ToolUseOutcome } from "../../src/pipeline/runToolUse.ts";
import { toolResultText } from "../../src/Tool.ts";

export interface TestContextOptions {
  tools: Tools;
  cwd: string;
  permissionContext?: ToolPermissionContext;
  sessionDirectory?: string;
  isNonInteractive?: boolean;
}

export function createTestContext(options: TestContextOptions): ToolUseContext {
  return createToolUseContext({
    tools: options.tools,
    cwd: options.cwd,
    permissionContext: options.permissionContext,
    sessionDirectory: options.sessionDirectory ?? `${options.cwd}/.session`,
    isNonInteractive: options.isNonInteractive ?? true,
  });
}

let nextId = 1;

/** Runs one call through the whole pipeline with the given ask handler (non-interactive by default). */
export async function callTool(
  context: ToolUseContext,
  name: string,
  input: unknown,
  askHandler: AskHandler = nonInteractiveAskHandler,
): Promise<ToolUseOutcome & { text: string }> {
  const outcome = await runToolUse({
    toolUse: { id: `toolu_test_${nextId++}`, name, input },
    context,
    canUseTool: createCanUseTool(askHandler),
  });
  return { ...outcome, text: toolResultText(outcome.result) };
}
