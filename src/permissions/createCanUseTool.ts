/** Joins the engine and the ask handler into the one CanUseTool function the pipeline calls. */
import type { CanUseTool } from "../Tool.ts";
import type { AskHandler } from "./askHandler.ts";
import { decide, denyRuleVerdict } from "./decide.ts";
import { parseRuleText } from "./parseRule.ts";
import { userSettingsPath } from "../settings/settingsPaths.ts";
import { saveAllowRules } from "./saveAllowRules.ts";
import type { PermissionDecision, PermissionRule } from "./types.ts";

/** What a non-interactive deny says, so the user knows which rule to add. */
export function explainHowToAllow(decision: PermissionDecision, toolName: string): string {
  // An empty list means no allow rule approves exactly this call (a construct the analysis cannot
  // judge, a protected path, a part with a * that a rule would read as a wildcard): only a person
  // can, so say so instead of naming a rule that would not help or would allow far more.
  if (decision.suggestedRules !== undefined && decision.suggestedRules.length === 0) {
    return `${decision.reason}. No allow rule approves exactly this call; run it where a person can approve it at the terminal`;
  }
  const rules = decision.suggestedRules?.length ? decision.suggestedRules : [decision.suggestedRule ?? toolName];
  const listed = rules.map((rule) => `"${rule}"`).join(", ");
  // Name places that apply as they are: a project's own file is skipped until the folder is trusted.
  return `${decision.reason}. Nobody was there to approve it; to allow it, add ${listed} to ` +
    `permissions.allow in ${userSettingsPath()} (applies in every folder), or pass --allowedTools ${rules.map((rule) => `'${rule.replaceAll("'", "'\\''")}'`).join(" ")} ` +
    `for one run (a project's .toolshed/settings.json applies only once the folder is trusted with "toolshed trust")`;
}

export interface CanUseToolOptions {
  /** Where "always" saves its rules; the person's saved answers for the working folder by default. */
  saveRules?: (projectDirectory: string, rules: readonly string[]) => void;
}

/** Asks `decide`; when it says ask, asks the handler (or denies when nobody can answer). */
export function createCanUseTool(askHandler: AskHandler, options: CanUseToolOptions = {}): CanUseTool {
  const save = options.saveRules ?? saveAllowRules;
  const canUseTool: CanUseTool = async ({ tool, input, context, signal, hookVerdict }) => {
    const decision = await decide({ tool, input, context, hookVerdict });
    if (decision.decision !== "ask") return decision;
    // Nobody is asked to approve what could not be done: the tool says why, and that is the answer.
    const problem = await tool.beforeAsking?.(input, context);
    if (problem !== undefined) return { ...decision, decision: "deny", reason: problem, notAsked: problem };
    if (!askHandler.interactive || context.options.isNonInteractive) {
      return { ...decision, decision: "deny", reason: explainHowToAllow(decision, tool.name) };
    }
    const answer = await askHandler.ask({ tool, input, decision, signal: signal ?? context.abortController.signal });
    if (answer === "no") return { ...decision, decision: "deny", reason: `${decision.reason}; the user said no` };
    if (answer === "always" && !decision.answerHoldsOnce) {
      // One allow rule per command part (and per path), so the next identical call runs unasked.
      // Nothing is saved when no rule could allow it (a protected path): it was allowed this once.
      const texts = decision.suggestedRules ?? (decision.suggestedRule === undefined ? [] : [decision.suggestedRule]);
      const rules: PermissionRule[] = texts.flatMap((text) => {
        const parsed = parseRuleText(text);
        return parsed.ok ? [{ behavior: "allow" as const, toolName: parsed.toolName, ruleContent: parsed.ruleContent, source: "session" as const, fromAnswer: true }] : [];
      });
      context.setAppState((state) => ({
        ...state,
        toolPermissionContext: { ...state.toolPermissionContext, rules: [...state.toolPermissionContext.rules, ...rules] },
      }));
      if (texts.length > 0) save(context.cwd, texts);
    }
    return { decision: "allow", reason: "the user approved it", rule: decision.suggestedRule, source: "session", parts: decision.parts };
  };
  canUseTool.deniedByRule = denyRuleVerdict;
  return canUseTool;
}
