/** Set-up for the gated tools' tests: a temporary working folder and a context over given tools. */
import type { AnyTool, ToolUseContext } from "../../../src/Tool.ts";
import type { PermissionMode, PermissionRule } from "../../../src/permissions/types.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { createTestContext } from "../../helpers/testContext.ts";

export interface GatedFixture {
  folder: TemporaryFolder;
  context: ToolUseContext;
}

/** A context whose pool is `tools`, with allow rules for `allow` (whole tools), any extra rules, and a mode. */
export function createGatedFixture(
  tools: readonly AnyTool[],
  allow: readonly string[] = [],
  rules: readonly PermissionRule[] = [],
  mode: PermissionMode = "default",
): GatedFixture {
  const folder = createTemporaryFolder("toolshed-gated-");
  const context = createTestContext({
    tools,
    cwd: folder.path,
    permissionContext: {
      mode,
      rules: [...allow.map((toolName): PermissionRule => ({ behavior: "allow", toolName, source: "session" })), ...rules],
      additionalDirectories: [],
    },
  });
  return { folder, context };
}

/** Waits until `condition` holds, checking every few milliseconds, for at most `deadlineMs`. */
export { eventually as pollUntil } from "../../tasks/processAlive.ts";
