/** Rules granted for one turn: gone for work that outlives the turn, while what else the context reads stays. */
import { expect, test } from "bun:test";
import { withGrantedRules, withoutTurnGrants } from "../../src/permissions/turnGrants.ts";
import type { PermissionRule } from "../../src/permissions/types.ts";
import { createTestContext } from "../helpers/testSession.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";

test("the granted rules are dropped, a wrapper added after the grant (a sub-agent's plan mode) is kept, and rules added later still show", async () => {
  const folder = createTemporaryFolder("toolshed-grants-");
  try {
    const context = await createTestContext({ cwd: folder.path });
    const grant: PermissionRule = { behavior: "allow", toolName: "Write", source: "session" };
    const granted = withGrantedRules(context, [grant]);
    // As createChildContext does for a plan-mode sub-agent: the parent's reader, with the mode forced.
    const read = granted.getAppState;
    const child = { ...granted, getAppState: () => ({ ...read(), toolPermissionContext: { ...read().toolPermissionContext, mode: "plan" as const } }) };
    const later: PermissionRule = { behavior: "deny", toolName: "Bash", source: "session" };
    context.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: [...state.toolPermissionContext.rules, later] } }));
    const background = withoutTurnGrants(child).getAppState().toolPermissionContext;
    expect(background.mode).toBe("plan");
    expect(background.rules).toContain(later);
    expect(background.rules).not.toContain(grant);
    expect(child.getAppState().toolPermissionContext.rules).toContain(grant);
  } finally {
    folder.remove();
  }
});
