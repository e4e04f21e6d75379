/** The tools a REPL call can reach: the session's pool plus the primitive tools REPL mode hides. */
import type { AnyTool, ToolUseContext } from "../../Tool.ts";
import { REPL_TOOL_NAME } from "./prompt.ts";
import { REPL_PRIMITIVE_TOOL_NAMES } from "./replMode.ts";

/** Pool order first, then hidden primitives by name; never the REPL itself. */
export async function callableTools(context: Pick<ToolUseContext, "options">): Promise<AnyTool[]> {
  // Loaded at call time: the registry loads this tool, so a top-level import would be a cycle.
  const { getAllBaseTools } = await import("../../tools.ts");
  const pool = context.options.tools.filter((tool) => tool.name !== REPL_TOOL_NAME);
  const names = new Set(pool.map((tool) => tool.name));
  const hidden = getAllBaseTools()
    .filter((tool) => REPL_PRIMITIVE_TOOL_NAMES.includes(tool.name) && !names.has(tool.name) && tool.isEnabled())
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [...pool, ...hidden];
}
