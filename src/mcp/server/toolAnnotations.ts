/**
 * The MCP annotations a served tool gets from its declarations. A declaration is per input, and a
 * listing has no input, so the values are static and conservative: a tool is read-only only when
 * it says so for an empty input (Read, Glob, Grep, LS ...); a tool whose answer depends on its
 * input (Bash) or that throws on an empty one counts as one that may change things, and any tool
 * that may change things counts as destructive. The permission engine still judges every call.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { AnyTool } from "../../Tool.ts";

function askQuietly(question: () => boolean): boolean {
  try {
    return question() === true;
  } catch {
    return false;
  }
}

/** The annotations of `tool` for tools/list. */
export function toolAnnotations(tool: AnyTool): ToolAnnotations {
  const readOnly = askQuietly(() => tool.isReadOnly({}));
  return {
    title: tool.userFacingName(undefined),
    readOnlyHint: readOnly,
    destructiveHint: !readOnly,
    idempotentHint: readOnly,
    // Built-in tools work on this machine; those that fetch addresses declare the urls family.
    openWorldHint: tool.ruleFamily === "urls" || tool.ruleFamily === "shellCommands",
  };
}
