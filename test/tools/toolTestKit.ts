/** Shared set-up for the tool tests: a temporary folder, a real context, rules that allow tools. */
import type { AnyTool } from "../../src/Tool.ts";
import type { PermissionMode, PermissionRule, ToolPermissionContext } from "../../src/permissions/types.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { createTestContext } from "../helpers/testContext.ts";
import type { ToolUseContext } from "../../src/Tool.ts";

/** A permission context whose rules allow the named tools as a whole. */
export function allowing(toolNames: readonly string[], mode: PermissionMode = "default"): ToolPermissionContext {
  const rules: PermissionRule[] = toolNames.map((toolName) => ({ behavior: "allow", toolName, source: "session" }));
  return { mode, rules, additionalDirectories: [] };
}

export interface ToolFixture {
  folder: TemporaryFolder;
  context: ToolUseContext;
}

/** A temporary folder (the working folder) and a context over every built-in tool. */
export function createToolFixture(options: { allow?: readonly string[]; mode?: PermissionMode; tools?: readonly AnyTool[]; interactive?: boolean } = {}): ToolFixture {
  const folder = createTemporaryFolder();
  const context = createTestContext({
    tools: options.tools ?? getAllBaseTools(),
    cwd: folder.path,
    permissionContext: allowing(options.allow ?? [], options.mode ?? "default"),
    isNonInteractive: options.interactive !== true,
  });
  return { folder, context };
}
