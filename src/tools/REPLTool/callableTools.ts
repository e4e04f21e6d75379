/** The tools a REPL call can reach: the session's pool plus the ones REPL mode hides from the model. */
import { hasTag, type AnyTool, type ToolUseOptions } from "../../Tool.ts";

/** Pool order first, then the hidden tools; never a tool that hosts others (the REPL itself). */
export function callableTools(options: Pick<ToolUseOptions, "tools" | "hiddenTools">): AnyTool[] {
  const names = new Set<string>();
  return [...options.tools, ...options.hiddenTools].filter((tool) => {
    if (hasTag(tool, "hostsTools") || names.has(tool.name)) return false;
    names.add(tool.name);
    return true;
  });
}
