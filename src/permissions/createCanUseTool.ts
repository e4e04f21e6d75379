/** Joins the engine and the ask handler into the one CanUseTool function the pipeline calls. */
import type { CanUseTool } from "../Tool.ts";
import type { AskHandler } from "./askHandler.ts";
import { decide } from "./decide.ts";
import type { PermissionDecision } from "./types.ts";

/** What a non-interactive deny says, so the user knows which rule to add. */
export function explainHowToAllow(decision: PermissionDecision, toolName: string): string {
  const rule = decision.suggestedRule ?? toolName;
  return `${decision.reason}. Nobody was there to approve it; to allow it, add "${rule}" to ` +
    `permissions.allow in .toolshed/settings.json`;
}

/** Asks `decide`; when it says ask, asks the handler (or denies when nobody can answer). */
export function createCanUseTool(askHandler: AskHandler): CanUseTool {
  return async (tool, input, context) => {
    const decision = await decide({ tool, input, context });
    if (decision.decision !== "ask") return decision;
    if (!askHandler.interactive || context.options.isNonInteractive) {
      return { ...decision, decision: "deny", reason: explainHowToAllow(decision, tool.name) };
    }
    const answer = await askHandler.ask({ tool, input, decision });
    if (answer === "no") return { ...decision, decision: "deny", reason: `${decision.reason}; the user said no` };
    if (answer === "always") {
      const rule = decision.suggestedRule ?? tool.name;
      const match = /^([^(]+)(?:\((.*)\))?$/s.exec(rule);
      context.setAppState((state) => ({
        ...state,
        toolPermissionContext: {
          ...state.toolPermissionContext,
          rules: [
            ...state.toolPermissionContext.rules,
            { behavior: "allow", toolName: match?.[1] ?? tool.name, ruleContent: match?.[2], source: "session" },
          ],
        },
      }));
    }
    return { decision: "allow", reason: "the user approved it", rule: decision.suggestedRule, source: "session" };
  };
}
