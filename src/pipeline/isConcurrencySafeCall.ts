/** Whether one call may run beside others, asked in a way that cannot throw. */
import type { AnyTool } from "../Tool.ts";

/**
 * The tool's own answer for this parsed input; a check that throws counts as "not safe", which
 * fails closed (the call runs alone, and its context modifier is honoured).
 */
export function isConcurrencySafeCall(tool: AnyTool, input: { [key: string]: unknown }): boolean {
  try {
    return tool.isConcurrencySafe(input) === true;
  } catch {
    return false;
  }
}
