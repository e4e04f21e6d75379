/**
 * Reads the five settings sources (managed, command line, local, project, user), merges them,
 * and builds the permission context and the hooks. Project and local allow rules, additional
 * folders and hooks apply only in a trusted folder; deny and ask rules apply at once. A malformed
 * managed or command-line file stops the session; any other malformed file is skipped with a
 * warning (a malformed hook entry only drops that entry).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "../errors/ToolError.ts";
import { readHookSettings } from "../hooks/readHookSettings.ts";
import type { HookDefinition } from "../hooks/types.ts";
import { parseRule } from "../permissions/parseRule.ts";
import {
  createPermissionContext,
  NO_RULE_FAMILIES,
  type PermissionRule,
  type RuleBehavior,
  type RuleFamilies,
  type RuleSource,
  type ToolPermissionContext,
} from "../permissions/types.ts";
import { mergeSettings } from "./mergeSettings.ts";
import { parseSettingsText } from "./parseSettingsText.ts";
import type { Settings } from "./settingsSchema.ts";
import { localSettingsPath, managedSettingsPath, projectSettingsPath, ruleBaseDirectory, userSettingsPath } from "./settingsPaths.ts";
import { isFolderTrusted } from "./trustStore.ts";
import type { SessionFlags } from "./sessionFlags.ts";

/** One source as read. */
export interface SettingsSource {
  source: RuleSource;
  /** The file, or "--settings" for inline JSON, or "command line flags". */
  where: string;
  settings: Settings;
  /** The folder `/path` rules of this source are relative to. */
  baseDirectory: string;
}

export interface LoadedSettings {
  /** All sources merged. */
  settings: Settings;
  permissionContext: ToolPermissionContext;
  /** The hooks that run as pipeline stages (project hooks only in a trusted folder). */
  hooks: HookDefinition[];
  sources: SettingsSource[];
  warnings: string[];
  /** Project and local allow rules, folders and hooks left out because the folder is not trusted. */
  skippedUntrusted: string[];
  trusted: boolean;
}

/** A settings problem that stops the session (managed or command-line file). */
export class SettingsError extends UsageError {
  // A usage error: the CLI prints the message and exits with status 2.
}

export interface LoadSettingsOptions {
  cwd: string;
  flags?: SessionFlags;
  /** Overrides the trust store (an interactive yes). */
  trusted?: boolean;
  /** Which rule names stand for which family (from the registry). */
  families?: RuleFamilies;
}

function readSource(path: string, source: RuleSource, fatal: boolean, warnings: string[]): SettingsSource | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      if (fatal && source === "cliArg") throw new SettingsError(`the settings file ${path} does not exist`);
      return undefined;
    }
    const message = `${path}: cannot be read (${code ?? String(error)})`;
    if (fatal) throw new SettingsError(message);
    warnings.push(`${message}; it is ignored`);
    return undefined;
  }
  const parsed = parseSettingsText(text, path);
  if (!parsed.ok) {
    if (fatal) throw new SettingsError(parsed.message);
    warnings.push(`${parsed.message} (this file is ignored)`);
    return undefined;
  }
  warnings.push(...parsed.warnings);
  return { source, where: path, settings: parsed.settings, baseDirectory: ruleBaseDirectory(path) };
}

function commandLineSources(flags: SessionFlags, cwd: string, warnings: string[]): SettingsSource[] {
  const sources: SettingsSource[] = [];
  const permissions: NonNullable<Settings["permissions"]> = {};
  if (flags.allowedTools.length > 0) permissions.allow = flags.allowedTools;
  if (flags.disallowedTools.length > 0) permissions.deny = flags.disallowedTools;
  if (flags.addDirs.length > 0) permissions.additionalDirectories = flags.addDirs.map((directory) => resolve(cwd, directory));
  if (flags.permissionMode !== undefined) permissions.defaultMode = flags.permissionMode;
  sources.push({ source: "cliArg", where: "command line flags", settings: { permissions }, baseDirectory: cwd });
  if (flags.settings !== undefined) {
    const text = flags.settings.trim();
    if (text.startsWith("{")) {
      const parsed = parseSettingsText(text, "--settings");
      if (!parsed.ok) throw new SettingsError(parsed.message);
      warnings.push(...parsed.warnings);
      sources.push({ source: "cliArg", where: "--settings", settings: parsed.settings, baseDirectory: cwd });
    } else {
      const source = readSource(resolve(cwd, text), "cliArg", true, warnings);
      if (source !== undefined) sources.push(source);
    }
  }
  return sources;
}

const BEHAVIORS: readonly RuleBehavior[] = ["deny", "ask", "allow"];

/** Builds what the session needs from sources already read (highest precedence first). */
export function combineSettingsSources(options: {
  sources: SettingsSource[];
  trusted: boolean;
  families: RuleFamilies;
  warnings?: string[];
}): LoadedSettings {
  const { sources, trusted, families } = options;
  const warnings = options.warnings ?? [];
  const skippedUntrusted: string[] = [];
  const rules: PermissionRule[] = [];
  const additionalDirectories: string[] = [];
  const hooks: HookDefinition[] = [];
  for (const source of sources) {
    const permissions = source.settings.permissions ?? {};
    const gated = !trusted && (source.source === "projectSettings" || source.source === "localSettings");
    for (const behavior of BEHAVIORS) {
      for (const text of permissions[behavior] ?? []) {
        if (gated && behavior === "allow") {
          skippedUntrusted.push(`allow rule "${text}" from ${source.where}`);
          continue;
        }
        const parsed = parseRule(text, behavior, source.source, source.baseDirectory, families);
        if (parsed.warning !== undefined) warnings.push(`${parsed.warning} in ${source.where}`);
        if (parsed.rule !== undefined) rules.push(parsed.rule);
      }
    }
    for (const directory of permissions.additionalDirectories ?? []) {
      if (gated) skippedUntrusted.push(`additional folder "${directory}" from ${source.where}`);
      else additionalDirectories.push(resolve(source.baseDirectory, directory));
    }
    // Project hooks are commands the repository ships: like its allow rules, only once trusted.
    const read = readHookSettings(source.settings.hooks, source.source, source.where);
    warnings.push(...read.warnings);
    for (const hook of read.hooks) {
      if (gated) skippedUntrusted.push(`${hook.event} hook "${hook.command}" (matcher "${hook.matcher}") from ${source.where}`);
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
export function loadSettings({ cwd, flags, trusted: trustOverride, families = NO_RULE_FAMILIES }: LoadSettingsOptions): LoadedSettings {
  const warnings: string[] = [];
  const sources = [
    readSource(managedSettingsPath(), "managed", true, warnings),
    ...(flags ? commandLineSources(flags, cwd, warnings) : []),
    readSource(localSettingsPath(cwd), "localSettings", false, warnings),
    readSource(projectSettingsPath(cwd), "projectSettings", false, warnings),
    readSource(userSettingsPath(), "userSettings", false, warnings),
  ].filter((source): source is SettingsSource => source !== undefined);
  return combineSettingsSources({ sources, trusted: trustOverride ?? isFolderTrusted(cwd), families, warnings });
}
