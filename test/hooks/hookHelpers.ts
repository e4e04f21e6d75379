/** Hook scripts written into a real temporary folder, and a decision with those hooks in force. */
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyTool } from "../../src/Tool.ts";
import type { HookDefinition, HookEvent } from "../../src/hooks/types.ts";
import type { PermissionDecision, PermissionMode } from "../../src/permissions/types.ts";
import { decideFor, type RuleSet } from "../permissions/harness.ts";

/** Writes `body` as a shell script `name` in `folder`; returns the command that runs it through sh. */
export function writeHookScript(folder: string, name: string, body: string): string {
  const path = join(folder, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return `sh ${JSON.stringify(path)}`;
}

/** A hook definition as the settings would give it. */
export function hook(command: string, matcher = "", timeoutSeconds = 60): HookDefinition {
  return { event: "PreToolUse", matcher, command, timeoutSeconds, source: "userSettings", where: "/home/user/.toolshed/settings.json" };
}

/** A hook of any event, as the user's settings would give it. */
export function hookOn(event: HookEvent, command: string, matcher = "", timeoutSeconds = 10): HookDefinition {
  return { event, matcher, command, timeoutSeconds, source: "userSettings", where: "test settings" };
}

export interface HookedDecision {
  decision: PermissionDecision;
  warnings: string[];
}

/** Decides one call with `hooks` and `rules` in force, collecting the engine's warnings. */
export async function decideWithHooks(options: {
  tool: AnyTool;
  input: { [key: string]: unknown };
  cwd: string;
  hooks: HookDefinition[];
  rules?: RuleSet;
  mode?: PermissionMode;
}): Promise<HookedDecision> {
  const warnings: string[] = [];
  const decision = await decideFor({ ...options, warn: (text) => warnings.push(text) });
  return { decision, warnings };
}

/** The JSON a hook prints to answer with `permissionDecision`. */
export function answerScript(decision: string, reason: string): string {
  const answer = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: reason } };
  return `cat > /dev/null\necho '${JSON.stringify(answer)}'`;
}
