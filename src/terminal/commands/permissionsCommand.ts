/**
 * /permissions: the mode and every rule in force with where it came from; `allow|ask|deny <rule>`
 * adds a rule (now, and saved for next time), `remove <rule>` takes one out of this session and
 * of the project's local settings.
 */
import { parseRuleText } from "../../permissions/parseRule.ts";
import { formatRule, type PermissionRule, type RuleBehavior } from "../../permissions/types.ts";
import type { TerminalController } from "../TerminalController.ts";
import type { SlashCommand } from "./SlashCommand.ts";

/** The settings writers are loaded when a rule is saved, not with the screen. */
async function writers() {
  const [{ saveAllowRules }, { editLocalRules }] = await Promise.all([import("../../permissions/saveAllowRules.ts"), import("./editLocalRules.ts")]);
  return { saveAllowRules, editLocalRules };
}

const USAGE = "Add a rule with /permissions allow|ask|deny <rule> (such as /permissions allow Bash(npm test *)); remove one with /permissions remove <rule>.";

function listRules(controller: TerminalController): string[] {
  const { style } = controller.options;
  const context = controller.session.permissionContext();
  const lines = [`${style.bold("Permission mode:")} ${context.mode}  ${style.dim("(Shift+Tab changes it)")}`];
  for (const behavior of ["deny", "ask", "allow"] as const) {
    const rules = context.rules.filter((rule) => rule.behavior === behavior);
    lines.push(style.bold(`${behavior[0]?.toUpperCase()}${behavior.slice(1)}:`) + (rules.length === 0 ? style.dim(" (none)") : ""));
    for (const rule of rules) lines.push(`  ${formatRule(rule)}  ${style.dim(`(${rule.source})`)}`);
  }
  for (const skipped of controller.session.loaded.skippedUntrusted) lines.push(style.dim(`Skipped because this folder is not trusted: ${skipped}`));
  lines.push(style.dim(USAGE));
  return lines;
}

function changeRules(controller: TerminalController, change: (rules: readonly PermissionRule[]) => PermissionRule[]): void {
  controller.session.context.setAppState((state) => ({
    ...state,
    toolPermissionContext: { ...state.toolPermissionContext, rules: change(state.toolPermissionContext.rules) },
  }));
}

async function addRule(controller: TerminalController, behavior: RuleBehavior, text: string): Promise<void> {
  const parsed = parseRuleText(text);
  if (!parsed.ok) {
    controller.notice("error", `"${text}" is not a rule: ${parsed.reason}.`);
    return;
  }
  const rule: PermissionRule = { behavior, toolName: parsed.toolName, ruleContent: parsed.ruleContent, source: "session" };
  changeRules(controller, (rules) => [...rules, rule]);
  const written = formatRule(rule);
  try {
    const { saveAllowRules, editLocalRules } = await writers();
    const where = behavior === "allow" ? saveAllowRules(controller.session.cwd, [written]) : editLocalRules(controller.session.cwd, { add: { behavior, rule: written } });
    controller.notice("info", `Added ${behavior} rule ${written}: it applies now, and is saved in ${where ?? "your settings"}.`);
  } catch (error) {
    controller.notice("warning", `Added ${behavior} rule ${written} for this session, but it could not be saved: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

async function removeRule(controller: TerminalController, text: string): Promise<void> {
  const before = controller.session.permissionContext().rules;
  const kept = before.filter((rule) => formatRule(rule) !== text);
  if (kept.length === before.length) {
    controller.notice("error", `There is no rule ${text}. /permissions lists them.`);
    return;
  }
  changeRules(controller, () => kept);
  try {
    const { editLocalRules } = await writers();
    const where = editLocalRules(controller.session.cwd, { remove: text });
    controller.notice("info", `Removed ${text} from this session and from ${where}. A rule another settings file holds comes back next session.`);
  } catch (error) {
    controller.notice("warning", `Removed ${text} from this session; the local settings could not be changed: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

export const permissionsCommand: SlashCommand = {
  name: "permissions",
  description: "Show the permission rules, or add and remove them",
  argumentHint: "[allow|ask|deny|remove <rule>]",
  async run(args, controller) {
    const match = /^(allow|ask|deny|remove)\s+(.+)$/.exec(args.trim());
    if (args.trim() === "") controller.output(listRules(controller));
    else if (match === null) controller.notice("error", USAGE);
    else if (match[1] === "remove") await removeRule(controller, (match[2] as string).trim());
    else await addRule(controller, match[1] as RuleBehavior, (match[2] as string).trim());
  },
};
