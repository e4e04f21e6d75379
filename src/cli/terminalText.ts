/** What `toolshed run` prints of a call. */
import { toolResultText } from "../Tool.ts";
import type { ToolUseOutcome } from "../pipeline/runToolUse.ts";

/** What the person reads of a call: the tool's own terminal rendering when it succeeded, else the result's text. */
export function terminalText(outcome: ToolUseOutcome): string {
  if (outcome.stage === "done" && outcome.tool !== undefined && outcome.result.is_error !== true) {
    try {
      return outcome.tool.renderResultForTerminal(outcome.output);
    } catch {
      // A rendering bug must not hide the result: fall back to what the model sees.
    }
  }
  return toolResultText(outcome.result);
}
