/**
 * `toolshed permissions check <Tool> [json | -] [--json]`: the decision for one call, without
 * running it. `toolshed permissions list [--json]`: the effective rules with their sources.
 */
import { parseToolInput as checkToolInput } from "../pipeline/parseToolInput.ts";
import { UsageError } from "../errors/ToolError.ts";
import { findToolByName } from "../findToolByName.ts";
import { runPreToolUseHooks } from "../hooks/runPreToolUseHooks.ts";
import { decide } from "../permissions/decide.ts";
import { formatRule, type PermissionDecision } from "../permissions/types.ts";
import { createSession } from "../session/createSession.ts";
import { getAllBaseTools } from "../tools.ts";
import type { CliStreams } from "./cliStreams.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";
import { parseToolInput } from "./parseToolInput.ts";
import { readSessionFlags, SESSION_FLAG_OPTIONS } from "./sessionFlags.ts";

function formatDecision(decision: PermissionDecision): string {
  const lines = [`${decision.decision}: ${decision.reason}`];
  if (decision.rule !== undefined) lines.push(`  rule: ${decision.rule}${decision.source ? ` (${decision.source})` : ""}`);
  const parts = decision.parts ?? [];
  if (parts.length > 1) {
    lines.push("  parts:");
    for (const part of parts) lines.push(`    ${part.decision.padEnd(5)} ${part.command}  (${part.reason})`);
  }
  if (decision.decision !== "allow" && decision.suggestedRules?.length) {
    lines.push(`  to allow it, add to permissions.allow: ${decision.suggestedRules.map((rule) => JSON.stringify(rule)).join(", ")}`);
  }
  return `${lines.join("\n")}\n`;
}

async function check(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("permissions check", args, {
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
    ...SESSION_FLAG_OPTIONS,
  });
  const [toolName, inputArgument, ...extra] = positionals;
  if (toolName === undefined) throw new UsageError(`"toolshed permissions check" needs a tool name, e.g. toolshed permissions check Bash '{"command": "ls"}'.`);
  if (extra.length > 0) throw new UsageError(`"toolshed permissions check" takes a tool name and one JSON input, but also got: ${extra.join(" ")}.`);
  const fromStdin = inputArgument === "-" || (inputArgument === undefined && !streams.stdinIsTTY);
  const raw = fromStdin ? parseToolInput(await streams.readStdin(), "on standard input") : parseToolInput(inputArgument ?? "{}", "argument");
  const session = await createSession({ flags: readSessionFlags(values), warn: (text) => streams.stderr.write(text) });
  const context = session.context;
  // Look in every tool, not only the pool: a tool a deny rule removed still gets its answer.
  const tool = findToolByName(getAllBaseTools(), toolName);
  if (tool === undefined) {
    throw new UsageError(`there is no tool named "${toolName}". The tools are: ${getAllBaseTools().map((each) => each.name).join(", ")}.`);
  }
  // Checked as a call's input is (coercion and all), so the answer is the one a call would get.
  const parsed = checkToolInput(tool, raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`the input does not fit ${tool.name}: ${issue?.path.join(".") || "(top level)"}: ${issue?.message ?? "invalid"}.`);
  }
  const input = parsed.data;
  // The hooks run first, as they do before a real call; their warnings go to standard error.
  const hookVerdict = context.hooks.length === 0 ? undefined : await runPreToolUseHooks({ tool, input, context, toolUseId: "toolu_check" });
  for (const warning of hookVerdict?.warnings ?? []) context.onWarning?.(warning);
  const decision = await decide({ tool, input, context, hookVerdict });
  await session.close();
  if (values.json) {
    const { decision: verdict, reason, rule, source, parts, suggestedRules, warnings } = decision;
    streams.stdout.write(`${JSON.stringify({ decision: verdict, reason, rule: rule ?? null, source: source ?? null, parts: parts ?? [], suggestedRules: suggestedRules ?? [], warnings: warnings ?? [] }, null, 2)}\n`);
  } else streams.stdout.write(formatDecision(decision));
  return CHECK_EXIT_STATUS[decision.decision];
}

/** Exit status of `permissions check` by decision (2 stays bad usage): see PERMISSIONS_HELP. */
export const CHECK_EXIT_STATUS: Readonly<Record<PermissionDecision["decision"], number>> = { allow: 0, deny: 1, ask: 3 };

async function list(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("permissions list", args, {
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
    ...SESSION_FLAG_OPTIONS,
  });
  if (positionals.length > 0) throw new UsageError(`"toolshed permissions list" takes no arguments, but got: ${positionals.join(" ")}.`);
  const session = await createSession({ flags: readSessionFlags(values) });
  await session.close();
  const { loaded } = session;
  const { permissionContext } = loaded;
  const rules = permissionContext.rules.map((rule) => ({ behavior: rule.behavior, rule: formatRule(rule), source: rule.source, where: rule.where ?? null }));
  const hooks = loaded.hooks.map((hook) => ({
    event: hook.event, matcher: hook.matcher, command: hook.command, timeoutSeconds: hook.timeoutSeconds, source: hook.source, where: hook.where,
  }));
  if (values.json) {
    streams.stdout.write(`${JSON.stringify({
      mode: permissionContext.mode,
      rules,
      hooks,
      additionalDirectories: permissionContext.additionalDirectories,
      sources: loaded.sources.map((source) => ({ source: source.source, where: source.where })),
      trusted: loaded.trusted,
      skippedUntrusted: loaded.skippedUntrusted,
      warnings: loaded.warnings,
    }, null, 2)}\n`);
    return 0;
  }
  const lines = [`mode: ${permissionContext.mode}`];
  for (const behavior of ["deny", "ask", "allow"] as const) {
    const matching = rules.filter((rule) => rule.behavior === behavior);
    lines.push(`${behavior}:${matching.length === 0 ? " (none)" : ""}`);
    for (const rule of matching) lines.push(`  ${rule.rule}  (${rule.source}${rule.where === null ? "" : `, ${rule.where}`})`);
  }
  lines.push(`hooks:${hooks.length === 0 ? " (none)" : ""}`);
  for (const hook of hooks) lines.push(`  ${hook.event} ${hook.matcher || "*"}: ${hook.command}  (${hook.source}, timeout ${hook.timeoutSeconds} s)`);
  if (permissionContext.additionalDirectories.length > 0) lines.push(`additional folders:\n${permissionContext.additionalDirectories.map((folder) => `  ${folder}`).join("\n")}`);
  lines.push(`sources read:${loaded.sources.length === 0 ? " (none)" : ""}`);
  for (const source of loaded.sources) lines.push(`  ${source.source}: ${source.where}`);
  for (const skipped of loaded.skippedUntrusted) lines.push(`skipped (folder not trusted): ${skipped}`);
  for (const warning of loaded.warnings) lines.push(`warning: ${warning}`);
  streams.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

/** Dispatches `toolshed permissions check|list`. */
export async function permissionsCommand(args: string[], streams: CliStreams): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "check") return check(rest, streams);
  if (sub === "list") return list(rest, streams);
  throw new UsageError(`"toolshed permissions" needs a subcommand: check or list${sub === undefined ? "" : ` (got "${sub}")`}.`);
}
