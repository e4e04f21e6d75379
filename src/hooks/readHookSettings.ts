/**
 * Reads the `hooks` key of one settings source. Each malformed entry is left out with a warning
 * naming the file, the place and what is wrong; the rest of the file still applies.
 */
import type { RuleSource } from "../permissions/types.ts";
import { hookCommandSchema, hookMatcherSchema, hooksSettingSchema } from "./hookSettingsSchema.ts";
import { matcherProblem } from "./matchHookMatcher.ts";
import { defaultHookTimeoutSeconds, HOOK_EVENTS, type HookDefinition, type HookEvent } from "./types.ts";

export interface HookSettingsResult {
  hooks: HookDefinition[];
  warnings: string[];
}

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  const path = issue?.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  return `${path}${issue?.message ?? "invalid"}`;
}

/** "A, B and C". */
function listOf(names: readonly string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function isHookEvent(name: string): name is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

/** The hooks in `value` (a settings file's `hooks`), from `where`, for the events toolshed runs. */
export function readHookSettings(value: unknown, source: RuleSource, where: string): HookSettingsResult {
  const result: HookSettingsResult = { hooks: [], warnings: [] };
  if (value === undefined) return result;
  const events = hooksSettingSchema().safeParse(value);
  if (!events.success) {
    result.warnings.push(`${where}: hooks: must be an object of event names to lists of matchers (${firstIssue(events.error)}); its hooks are ignored`);
    return result;
  }
  for (const [event, matchers] of Object.entries(events.data)) {
    if (!isHookEvent(event)) {
      result.warnings.push(`${where}: hooks.${event}: toolshed runs only ${listOf(HOOK_EVENTS)} hooks; these are ignored`);
      continue;
    }
    matchers.forEach((entry, index) => {
      const place = `${where}: hooks.${event}[${index}]`;
      const parsed = hookMatcherSchema().safeParse(entry);
      if (!parsed.success) {
        result.warnings.push(`${place}: ${firstIssue(parsed.error)}; this entry is ignored`);
        return;
      }
      const matcher = parsed.data.matcher ?? "";
      const problem = matcherProblem(matcher.trim());
      if (problem !== undefined) {
        result.warnings.push(`${place}: ${problem}; this entry is ignored`);
        return;
      }
      parsed.data.hooks.forEach((hook, hookIndex) => {
        const command = hookCommandSchema().safeParse(hook);
        if (!command.success) {
          result.warnings.push(`${place}.hooks[${hookIndex}]: ${firstIssue(command.error)}; this hook is ignored`);
          return;
        }
        result.hooks.push({
          event,
          matcher,
          command: command.data.command,
          timeoutSeconds: command.data.timeout ?? defaultHookTimeoutSeconds(event),
          source,
          where,
        });
      });
    });
  }
  return result;
}
