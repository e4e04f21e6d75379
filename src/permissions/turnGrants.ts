/**
 * Allow rules that hold for the rest of one turn (a skill's `allowed-tools`): the context a turn
 * carries on with reads them as part of its permission context, while the session's own stays as
 * it was. What outlives the turn (a sub-agent started in the background) starts from the context
 * without them.
 */
import type { ToolUseContext } from "../Tool.ts";
import type { PermissionRule } from "./types.ts";

/** Where a context with grants keeps the one it was made from. */
const WITHOUT_GRANTS = Symbol("withoutTurnGrants");

type GrantedContext = ToolUseContext & { [WITHOUT_GRANTS]?: ToolUseContext };

/** The context with `rules` added to what it reads as the permission context; writes still go to the session. */
export function withGrantedRules(context: ToolUseContext, rules: readonly PermissionRule[]): ToolUseContext {
  if (rules.length === 0) return context;
  const read = context.getAppState;
  const granted: GrantedContext = {
    ...context,
    getAppState: () => {
      const state = read();
      return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: [...state.toolPermissionContext.rules, ...rules] } };
    },
  };
  granted[WITHOUT_GRANTS] = withoutTurnGrants(context);
  return granted;
}

/** The context as it was before any grant of this turn: for work that goes on after the turn ends. */
export function withoutTurnGrants(context: ToolUseContext): ToolUseContext {
  const base = (context as GrantedContext)[WITHOUT_GRANTS];
  if (base === undefined) return context;
  // Whatever else changed since (the shell's folder, files read) stays; only the reading of the rules goes back.
  return { ...context, getAppState: base.getAppState, [WITHOUT_GRANTS]: undefined } as ToolUseContext;
}
