/**
 * Plan mode as the two plan tools switch it: the mode the session was in before EnterPlanMode, so
 * ExitPlanMode can go back to it. The switch itself goes through the context (setAppState), as a
 * call's context modifier.
 */
import type { PermissionMode } from "../../permissions/types.ts";
import { defineService } from "../../session/serviceKey.ts";
import type { ToolUseContext } from "../../Tool.ts";

export const planModeService = defineService<{ previousMode: PermissionMode | undefined }>({
  name: "planMode",
  create: () => ({ previousMode: undefined }),
});

/** The session's mode now. */
export function currentMode(context: ToolUseContext): PermissionMode {
  return context.getAppState().toolPermissionContext.mode;
}

/** A context modifier that sets the session's mode. */
export function switchMode(mode: PermissionMode): (context: ToolUseContext) => ToolUseContext {
  return (context) => {
    context.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode } }));
    return context;
  };
}
