/**
 * Allow rules that hold for the rest of one turn (a skill's `allowed-tools`): the context a turn
 * carries on with reads them as part of its permission context, while the session's own stays as
 * it was. What outlives the turn (a sub-agent started in the background) reads the same context
 * without them: whatever else the context reads (a sub-agent's plan mode, rules the person added
 * since) still holds.
 */
import type { ToolUseContext } from "../Tool.ts";
import type { PermissionRule } from "./types.ts";

/** The rules granted for the turn, kept on the context that carries them. */
const GRANTED = Symbol("turnGrants");

type GrantedContext = ToolUseContext & { [GRANTED]?: readonly PermissionRule[] };

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
  granted[GRANTED] = [...((context as GrantedContext)[GRANTED] ?? []), ...rules];
  return granted;
}

/** The context as it reads now, less the rules granted for this turn: for work that goes on after the turn ends. */
export function withoutTurnGrants(context: ToolUseContext): ToolUseContext {
  const granted = (context as GrantedContext)[GRANTED];
  if (granted === undefined || granted.length === 0) return context;
  const read = context.getAppState;
  const stripped: GrantedContext = {
    ...context,
    getAppState: () => {
      const state = read();
      return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: state.toolPermissionContext.rules.filter((rule) => !granted.includes(rule)) } };
    },
  };
  stripped[GRANTED] = [];
  return stripped;
}
