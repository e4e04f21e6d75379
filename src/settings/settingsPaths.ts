/**
 * Where settings live. `TOOLSHED_CONFIG_DIR` moves the user folder (default `~/.toolshed`);
 * `TOOLSHED_MANAGED_SETTINGS` moves the administrator's file (default
 * `/etc/toolshed/managed-settings.json`), for tests and unusual installs.
 */
import { basename, dirname, join } from "node:path";

/** The default managed settings file. */
export const DEFAULT_MANAGED_SETTINGS_PATH = "/etc/toolshed/managed-settings.json";

/** The user's toolshed folder: settings, trusted folders. */
export function userConfigDirectory(): string {
  const override = process.env.TOOLSHED_CONFIG_DIR;
  if (override !== undefined && override !== "") return override;
  return join(process.env.HOME ?? "/", ".toolshed");
}

export function managedSettingsPath(): string {
  const override = process.env.TOOLSHED_MANAGED_SETTINGS;
  return override !== undefined && override !== "" ? override : DEFAULT_MANAGED_SETTINGS_PATH;
}

export function userSettingsPath(): string {
  return join(userConfigDirectory(), "settings.json");
}

export function projectSettingsPath(projectDirectory: string): string {
  return join(projectDirectory, ".toolshed", "settings.json");
}

export function localSettingsPath(projectDirectory: string): string {
  return join(projectDirectory, ".toolshed", "settings.local.json");
}

/** The project settings the most widely used agent keeps (read just below ours, same trust rules). */
export function compatibleProjectSettingsPath(projectDirectory: string): string {
  return join(projectDirectory, ".claude", "settings.json");
}

export function compatibleLocalSettingsPath(projectDirectory: string): string {
  return join(projectDirectory, ".claude", "settings.local.json");
}

/**
 * The folder `/path` rules in a settings file are relative to: the project folder for files in a
 * `.toolshed` (or `.claude`) folder, the file's own folder otherwise.
 */
export function ruleBaseDirectory(settingsFile: string): string {
  const folder = dirname(settingsFile);
  return basename(folder) === ".toolshed" || basename(folder) === ".claude" ? dirname(folder) : folder;
}
