/** Saves allow rules the user approved with "always" to `.toolshed/settings.local.json`, atomically. */
import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../files/writeFileAtomic.ts";
import { parseSettingsText } from "../settings/parseSettingsText.ts";
import { localSettingsPath } from "../settings/settingsPaths.ts";

/** Adds `rules` to permissions.allow of the local settings in `projectDirectory`; keeps every other key. */
export function saveAllowRules(projectDirectory: string, rules: readonly string[]): string {
  const path = localSettingsPath(projectDirectory);
  let settings: { [key: string]: unknown } = {};
  let text: string | undefined;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    // No local settings yet.
  }
  if (text !== undefined) {
    const parsed = parseSettingsText(text, path);
    if (!parsed.ok) throw new Error(`cannot add the rules to ${parsed.message}; fix the file first`);
    settings = parsed.settings;
  }
  const permissions = { ...((settings.permissions as { [key: string]: unknown } | undefined) ?? {}) };
  const allow = Array.isArray(permissions.allow) ? permissions.allow.filter((rule): rule is string => typeof rule === "string") : [];
  permissions.allow = [...new Set([...allow, ...rules])];
  writeFileAtomic(path, `${JSON.stringify({ ...settings, permissions }, null, 2)}\n`, { createParents: true });
  return path;
}
