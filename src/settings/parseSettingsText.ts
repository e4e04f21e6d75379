/**
 * Parses settings text: JSON errors carry line, column and reason; each key is then checked on
 * its own (validateSettings.ts), so a bad key costs only itself. Returns a result; never throws.
 * A file whose JSON is broken still gives up the deny and ask rules that could be read from it.
 */
import { parseJsonWithPositions, type Locate } from "./jsonWithPositions.ts";
import type { Settings } from "./settingsSchema.ts";
import { validateSettings, type ValidateOptions } from "./validateSettings.ts";

/** Deny and ask rules read from a file that is not valid JSON: they apply, nothing else does. */
export interface SalvagedRules {
  deny: string[];
  ask: string[];
}

export type SettingsParseResult =
  | { ok: true; settings: Settings; warnings: string[]; locate: Locate }
  | { ok: false; message: string; salvaged?: SalvagedRules };

export interface ParseSettingsOptions extends ValidateOptions {
  /** Any problem, even one key, fails the whole file (managed and command-line files). */
  strict?: boolean;
}

function stringsAt(value: unknown, key: "deny" | "ask"): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const permissions: unknown = Object.getOwnPropertyDescriptor(value, "permissions")?.value;
  if (typeof permissions !== "object" || permissions === null || Array.isArray(permissions)) return [];
  const list: unknown = Object.getOwnPropertyDescriptor(permissions, key)?.value;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
}

/** Parses `text` from `where` (a file path or "--settings"). */
export function parseSettingsText(text: string, where: string, options: ParseSettingsOptions = {}): SettingsParseResult {
  const json = parseJsonWithPositions(text.startsWith("\ufeff") ? text.slice(1) : text, where);
  if (!json.ok) {
    const salvaged = { deny: stringsAt(json.partial, "deny"), ask: stringsAt(json.partial, "ask") };
    return { ok: false, message: json.message, salvaged: salvaged.deny.length + salvaged.ask.length > 0 ? salvaged : undefined };
  }
  const value = json.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: `${where}: the settings must be a JSON object` };
  }
  const { settings, problems } = validateSettings(Object.fromEntries(Object.entries(value)), json.locate, options);
  // A key this version does not know (and that is not near one it does) is no reason to refuse a file.
  const severe = problems.filter((problem) => problem.severe);
  if (options.strict && severe.length > 0) return { ok: false, message: severe.map((problem) => problem.message).join("\n") };
  const left = problems.map((problem) => `${problem.message}; ${problem.kept ? "" : "it is ignored, "}the rest of the file applies`);
  return { ok: true, settings, warnings: [...json.warnings, ...left], locate: json.locate };
}
