/** The shape of an adversarial corpus case and the loop that turns each group of them into tests. */
import { describe, expect, test } from "bun:test";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { Bash, decideFor, type RuleSet } from "./harness.ts";

export type Expected = "allow" | "ask" | "deny";

export interface Case {
  command: string;
  rules?: RuleSet;
  mode?: PermissionMode;
  expected: Expected;
  /** The case came out this way before its round too (a control, or a guard against a regression). */
  guard?: true;
}

/** The case in bypassPermissions and under an allow of everything, with `rules` (their deny and ask rules) in force. */
export function inBothModes(command: string, expected: Expected, rules: RuleSet, guard?: true): Case[] {
  return [
    { command, rules, mode: "bypassPermissions", expected, guard },
    { command, rules: { ...rules, allow: ["Bash(*)"] }, expected, guard },
  ];
}

/** One test per case: Bash's decision for the command, run in the project (`{project}` in it is its path). */
export function corpusTests(groups: Record<string, Case[]>, project: () => string): void {
  for (const [group, cases] of Object.entries(groups)) {
    describe(group, () => {
      for (const { command, rules, mode, expected, guard } of cases) {
        test(`${JSON.stringify(command)} ${JSON.stringify(rules ?? {})} ${mode ?? "default"} -> ${expected}${guard ? " (held before too)" : ""}`, async () => {
          const decision = await decideFor({ tool: Bash, input: { command: command.replaceAll("{project}", project()) }, rules, mode, cwd: project() });
          expect({ command, decision: decision.decision, reason: decision.reason }).toEqual({ command, decision: expected, reason: expect.any(String) });
        });
      }
    });
  }
}
