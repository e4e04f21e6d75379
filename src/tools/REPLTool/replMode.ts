/**
 * REPL mode: the primitive tools leave the pool the model sees and stay reachable only inside
 * the REPL. On with TOOLSHED_REPL_MODE=1, in builds that contain the REPL.
 */
import type { AnyTool } from "../../Tool.ts";
import { REPL_TOOL_NAME } from "./prompt.ts";

/** The tools REPL mode hides from the model. */
export const REPL_PRIMITIVE_TOOL_NAMES: readonly string[] = ["Read", "Write", "Edit", "NotebookEdit", "Glob", "Grep", "LS", "Bash"];

/** True when TOOLSHED_REPL_MODE is set to something other than "", "0" or "false". */
export function isReplModeEnabled(): boolean {
  const value = process.env.TOOLSHED_REPL_MODE;
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

/** In REPL mode (and with the REPL present), the tools minus the primitive ones. */
export function hidePrimitiveToolsInReplMode(tools: AnyTool[]): AnyTool[] {
  if (!isReplModeEnabled() || !tools.some((tool) => tool.name === REPL_TOOL_NAME)) return tools;
  return tools.filter((tool) => !REPL_PRIMITIVE_TOOL_NAMES.includes(tool.name));
}
