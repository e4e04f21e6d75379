import { expect, test } from "bun:test";
import { explainHowToAllow } from "../../src/permissions/createCanUseTool.ts";

test("a non-interactive deny names the rules that would allow the call", () => {
  const text = explainHowToAllow({ decision: "ask", reason: "x writes y", suggestedRules: ["Edit(./y)", "Bash(touch y)"] }, "Bash");
  expect(text).toStartWith('x writes y. Nobody was there to approve it; to allow it, add "Edit(./y)", "Bash(touch y)" to permissions.allow in ');
  expect(text).toContain("settings.json (applies in every folder), or pass --allowedTools 'Edit(./y)' 'Bash(touch y)' for one run");
  expect(explainHowToAllow({ decision: "ask", reason: "r" }, "Write")).toContain('add "Write" to permissions.allow');
});

test("when no rule can allow it, the message says only a person can, and names no rule", () => {
  const text = explainHowToAllow({ decision: "ask", reason: "the analysis does not understand f()", suggestedRules: [] }, "Bash");
  expect(text).toContain("No allow rule approves exactly this call");
  expect(text).not.toContain("permissions.allow");
});
