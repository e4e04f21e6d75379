/**
 * Adds or removes a permission rule in the project's `.toolshed/settings.local.json` (the person's
 * own file, never committed), atomically, keeping every other key. What /permissions saves.
 */
import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../../files/writeFileAtomic.ts";
import type { RuleBehavior } from "../../permissions/types.ts";
import { parseSettingsText } from "../../settings/parseSettingsText.ts";
import { localSettingsPath } from "../../settings/settingsPaths.ts";

/** Changes the rule lists of the local settings; returns the file's path. Throws when the file is malformed. */
export function editLocalRules(projectDirectory: string, change: { add?: { behavior: RuleBehavior; rule: string }; remove?: string }): string {
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
    if (!parsed.ok) throw new Error(`cannot change ${parsed.message}; fix the file first`);
    settings = parsed.settings;
  }
  const permissions = { ...((settings.permissions as { [key: string]: unknown } | undefined) ?? {}) };
  for (const behavior of ["allow", "ask", "deny"] as const) {
    const list = Array.isArray(permissions[behavior]) ? (permissions[behavior] as unknown[]).filter((rule): rule is string => typeof rule === "string") : [];
    let next = change.remove === undefined ? list : list.filter((rule) => rule !== change.remove);
    if (change.add?.behavior === behavior) next = [...new Set([...next, change.add.rule])];
    if (next.length > 0 || permissions[behavior] !== undefined) permissions[behavior] = next;
  }
  writeFileAtomic(path, `${JSON.stringify({ ...settings, permissions }, null, 2)}\n`, { createParents: true });
  return path;
}
