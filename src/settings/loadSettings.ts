/**
 * Reads every settings source (managed, command line, local, the person's saved answers, project,
 * user; a project's `.claude/` files just below the matching `.toolshed/` ones), merges them, and
 * builds the permission context and the hooks. In a folder not yet trusted, project and local
 * files may only narrow access (gateUntrustedSettings.ts); their deny and ask rules apply at once.
 * Every rule is checked: a misspelt tool name, a wrong case or a malformed rule gets a warning with
 * its file, line and the nearest valid spelling.
 */
import { resolve } from "node:path";
import { readHookSettings } from "../hooks/readHookSettings.ts";
import type { HookDefinition } from "../hooks/types.ts";
import { checkRuleToolName } from "../permissions/checkRuleToolName.ts";
import { parseRule } from "../permissions/parseRule.ts";
import {
  createPermissionContext,
  NO_RULE_FAMILIES,
  type PermissionRule,
  type RuleBehavior,
  type RuleFamilies,
  type ToolPermissionContext,
} from "../permissions/types.ts";
import { readSavedAnswers } from "./answersStore.ts";
import { gateUntrustedSettings, untrustedModeNarrows } from "./gateUntrustedSettings.ts";
import { mergeSettings } from "./mergeSettings.ts";
import { readSettingsSource, settingsSourceFromText, SettingsError, type SettingsSource } from "./readSettingsSource.ts";
import type { SessionFlags } from "./sessionFlags.ts";
import type { Settings } from "./settingsSchema.ts";
import {
  compatibleLocalSettingsPath,
  compatibleProjectSettingsPath,
  localSettingsPath,
  managedSettingsPath,
  projectSettingsPath,
  userSettingsPath,
} from "./settingsPaths.ts";
import { isFolderTrusted } from "./trustStore.ts";
import { isFolder } from "../files/statOrUndefined.ts";

export { SettingsError, type SettingsSource };

export interface LoadedSettings {
  /** All sources merged (untrusted ones only with what they may set). */
  settings: Settings;
  permissionContext: ToolPermissionContext;
  /** The hooks that run as pipeline stages (project hooks only in a trusted folder). */
  hooks: HookDefinition[];
  sources: SettingsSource[];
  warnings: string[];
  /** What project and local files would have widened, left out because the folder is not trusted. */
  skippedUntrusted: string[];
  trusted: boolean;
}

export interface LoadSettingsOptions {
  cwd: string;
  flags?: SessionFlags;
  /** Overrides the trust store (an interactive yes). */
  trusted?: boolean;
  /** Which rule names stand for which family (from the registry). */
  families?: RuleFamilies;
  /** Every tool name and alias rules may name (from the registry); unchecked when empty. */
  toolNames?: readonly string[];
}


function commandLineSources(flags: SessionFlags, cwd: string, warnings: string[]): SettingsSource[] {
  const sources: SettingsSource[] = [];
  const permissions: NonNullable<Settings["permissions"]> = {};
  if (flags.allowedTools.length > 0) permissions.allow = flags.allowedTools;
  if (flags.disallowedTools.length > 0) permissions.deny = flags.disallowedTools;
  if (flags.addDirs.length > 0) permissions.additionalDirectories = flags.addDirs.map((directory) => resolve(cwd, directory));
  if (flags.permissionMode !== undefined) permissions.defaultMode = flags.permissionMode;
  const locate = () => "the command line";
  sources.push({ source: "cliArg", where: "command line flags", settings: { permissions }, baseDirectory: cwd, locate });
  if (flags.settings !== undefined) {
    const text = flags.settings.trim();
    const source = text.startsWith("{")
      ? settingsSourceFromText(text, "--settings", "cliArg", warnings, { fatal: true, baseDirectory: cwd })
      : readSettingsSource(resolve(cwd, text), "cliArg", warnings, { fatal: true });
    if (source !== undefined) sources.push(source);
  }
  return sources;
}

/** The person's "always" answers for this folder, as a source of allow rules. */
function savedAnswersSource(cwd: string, warnings: string[]): SettingsSource | undefined {
  const saved = readSavedAnswers(cwd, warnings);
  if (saved === undefined) return undefined;
  return { source: "savedAnswers", where: saved.path, settings: { permissions: { allow: saved.allow } }, baseDirectory: cwd };
}

const BEHAVIORS: readonly RuleBehavior[] = ["deny", "ask", "allow"];

interface RuleReading {
  families: RuleFamilies;
  toolNames: readonly string[];
  warnings: string[];
}

/** The rules of one source, each checked; warnings name the file and line. */
function readRules(source: SettingsSource, permissions: NonNullable<Settings["permissions"]>, reading: RuleReading): PermissionRule[] {
  const rules: PermissionRule[] = [];
  for (const behavior of BEHAVIORS) {
    (permissions[behavior] ?? []).forEach((text, index) => {
      const where = source.locate?.(["permissions", behavior, index]) ?? source.where;
      const parsed = parseRule(text, behavior, source.source, source.baseDirectory, reading.families);
      if (parsed.warning !== undefined) reading.warnings.push(`${where}: ${parsed.warning}`);
      if (parsed.rule === undefined) return;
      const name = checkRuleToolName(parsed.rule.toolName, behavior, reading.toolNames);
      if (name.warning !== undefined) reading.warnings.push(`${where}: the ${behavior} rule "${text}": ${name.warning}`);
      rules.push({ ...parsed.rule, toolName: name.toolName, where });
    });
  }
  return rules;
}

/**
 * The sources with each untrusted file's mode dropped unless it is stricter than the mode the
 * other sources choose (a repository's "default" must not undo the person's own plan or dontAsk).
 */
function keepNarrowingModes(sources: readonly SettingsSource[], isGated: (source: SettingsSource) => boolean, skipped: string[]): SettingsSource[] {
  const trustedMode = sources.find((source) => !isGated(source) && source.settings.permissions?.defaultMode !== undefined)?.settings.permissions?.defaultMode ?? "default";
  return sources.map((source) => {
    const mode = source.settings.permissions?.defaultMode;
    // A mode looser than the default is held back by gateUntrustedSettings, whatever the others choose.
    if (!isGated(source) || mode === undefined || !untrustedModeNarrows(mode, "default") || untrustedModeNarrows(mode, trustedMode)) return source;
    const { defaultMode: _dropped, ...permissions } = source.settings.permissions ?? {};
    skipped.push(`defaultMode "${mode}" from ${source.where}, which is not stricter than "${trustedMode}"`);
    return { ...source, settings: { ...source.settings, permissions } };
  });
}

/** Builds what the session needs from sources already read (highest precedence first). */
export function combineSettingsSources(options: {
  sources: SettingsSource[];
  trusted: boolean;
  families: RuleFamilies;
  toolNames?: readonly string[];
  warnings?: string[];
}): LoadedSettings {
  const { trusted, families } = options;
  const warnings = options.warnings ?? [];
  const reading: RuleReading = { families, toolNames: options.toolNames ?? [], warnings };
  const skippedUntrusted: string[] = [];
  const rules: PermissionRule[] = [];
  const additionalDirectories: string[] = [];
  const hooks: HookDefinition[] = [];
  const sources: SettingsSource[] = [];
  const isGated = (source: SettingsSource) => !trusted && (source.source === "projectSettings" || source.source === "localSettings");
  for (const original of keepNarrowingModes(options.sources, isGated, skippedUntrusted)) {
    const gated = isGated(original);
    let source = original;
    if (gated) {
      const narrowed = gateUntrustedSettings(original.settings, original.where);
      skippedUntrusted.push(...narrowed.skipped);
      source = { ...original, settings: narrowed.settings };
    }
    sources.push(source);
    const permissions = source.settings.permissions ?? {};
    rules.push(...readRules(source, permissions, reading));
    (permissions.additionalDirectories ?? []).forEach((directory, index) => {
      const folder = resolve(source.baseDirectory, directory);
      if (isFolder(folder)) additionalDirectories.push(folder);
      else warnings.push(`${source.locate?.(["permissions", "additionalDirectories", index]) ?? source.where}: the additional folder ${folder} does not exist or is not a folder; it is ignored`);
    });
    // Project hooks are commands the repository ships: like its allow rules, only once trusted.
    const read = readHookSettings(original.settings.hooks, original.source, original.where);
    warnings.push(...read.warnings);
    for (const hook of read.hooks) {
      if (gated) skippedUntrusted.push(`${hook.event} hook "${hook.command}" (matcher "${hook.matcher}") from ${original.where}`);
      else hooks.push(hook);
    }
  }
  const settings = mergeSettings(sources.map((source) => source.settings));
  return {
    settings,
    permissionContext: createPermissionContext({
      mode: settings.permissions?.defaultMode ?? "default",
      rules,
      additionalDirectories: [...new Set(additionalDirectories)],
      families,
    }),
    hooks,
    sources,
    warnings,
    skippedUntrusted,
    trusted,
  };
}

/** Loads, merges and checks every source. Throws SettingsError for a bad managed or command-line file. */
export function loadSettings({ cwd, flags, trusted: trustOverride, families = NO_RULE_FAMILIES, toolNames }: LoadSettingsOptions): LoadedSettings {
  const warnings: string[] = [];
  const sources = [
    readSettingsSource(managedSettingsPath(), "managed", warnings, { fatal: true }),
    ...(flags ? commandLineSources(flags, cwd, warnings) : []),
    readSettingsSource(localSettingsPath(cwd), "localSettings", warnings),
    readSettingsSource(compatibleLocalSettingsPath(cwd), "localSettings", warnings, { foreign: true }),
    savedAnswersSource(cwd, warnings),
    readSettingsSource(projectSettingsPath(cwd), "projectSettings", warnings),
    readSettingsSource(compatibleProjectSettingsPath(cwd), "projectSettings", warnings, { foreign: true }),
    readSettingsSource(userSettingsPath(), "userSettings", warnings),
  ].filter((source): source is SettingsSource => source !== undefined);
  return combineSettingsSources({ sources, trusted: trustOverride ?? isFolderTrusted(cwd), families, toolNames, warnings });
}
