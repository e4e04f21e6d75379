/** What every tool-running subcommand sets up: the permission context, the pool, the context. */
import type { ToolUseContext } from "../Tool.ts";
import { createToolUseContext } from "../context/createToolUseContext.ts";
import { emptyPermissionContext, type ToolPermissionContext } from "../permissions/types.ts";
import { assembleToolPool } from "../tools.ts";

export interface Session {
  permissionContext: ToolPermissionContext;
  context: ToolUseContext;
}

export function createSession(options: { isNonInteractive: boolean; cwd?: string }): Session {
  const permissionContext = emptyPermissionContext();
  const tools = assembleToolPool(permissionContext, []);
  const context = createToolUseContext({
    tools,
    cwd: options.cwd ?? process.cwd(),
    permissionContext,
    isNonInteractive: options.isNonInteractive,
  });
  return { permissionContext, context };
}
