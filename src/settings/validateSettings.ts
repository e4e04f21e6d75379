/**
 * Checks a settings object key by key, so one bad value never costs the rest of the file: a key
 * of the wrong type, an unknown key, a rule that is not a string or a mode that does not exist is
 * reported (with its line and column and the nearest valid spelling) and left out alone. The deny
 * and ask rules of a file that parses always survive.
 */
import { PERMISSION_MODES } from "../permissions/types.ts";
import type { JsonPath, Locate } from "./jsonWithPositions.ts";
import { nearestSpelling } from "./nearestSpelling.ts";
import { PERMISSION_LISTS, permissionKeys, permissionsSchema, settingsKeys, settingsSchema, type Settings } from "./settingsSchema.ts";

export interface ValidateOptions {
  /** Say nothing about unknown keys that are not near a known one (files written for another agent). */
  quietUnknownKeys?: boolean;
}

/** A key or entry left out: the message starts with `file:line:column` and says what is wrong, not what follows. */
export interface SettingsProblem {
  message: string;
  /** A wrong value or a misspelt key (not merely a key this version does not know). */
  severe: boolean;
  /** The value was used anyway (a lone deny rule where a list belongs). */
  kept?: boolean;
}

export interface ValidatedSettings {
  settings: Settings;
  problems: SettingsProblem[];
}

type Json = { [key: string]: unknown };

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${JSON.stringify(value)}`;
}

function unknownKey(key: string, known: readonly string[], path: JsonPath, locate: Locate, options: ValidateOptions): SettingsProblem | undefined {
  const near = nearestSpelling(key, known);
  if (near === undefined && options.quietUnknownKeys) return undefined;
  const name = [...path, key].join(".");
  const hint = near === undefined ? ` (the keys here are ${known.join(", ")}).` : `; did you mean "${near}"?`;
  return { message: `${locate([...path, key], "key")}: "${name}" is not a toolshed setting${hint}`, severe: near !== undefined };
}

function severe(message: string): SettingsProblem {
  return { message, severe: true };
}

function checkPermissions(value: unknown, locate: Locate, problems: SettingsProblem[], options: ValidateOptions): Json | undefined {
  if (!isObject(value)) {
    problems.push(severe(`${locate(["permissions"])}: "permissions" must be an object (of allow, ask, deny, additionalDirectories and defaultMode), not ${describeValue(value)}`));
    return undefined;
  }
  const kept: Json = {};
  const shape = permissionsSchema().shape;
  for (const [key, entry] of Object.entries(value)) {
    const path = ["permissions", key];
    if (!permissionKeys().includes(key)) {
      const near = nearestSpelling(key, permissionKeys());
      // A misspelt deny or ask list still narrows access: it is read as meant (failing closed).
      if ((near === "deny" || near === "ask") && Array.isArray(entry)) {
        const rules = entry.filter((item): item is string => typeof item === "string");
        kept[near] = [...(Array.isArray(kept[near]) ? kept[near] : []), ...rules];
        problems.push({ message: `${locate(path, "key")}: "permissions.${key}" is not a toolshed setting; it is read as "${near}" so that its rules hold; write "${near}"`, severe: true, kept: true });
        continue;
      }
      const problem = unknownKey(key, permissionKeys(), ["permissions"], locate, options);
      if (problem !== undefined) problems.push(problem);
      continue;
    }
    if ((PERMISSION_LISTS as readonly string[]).includes(key)) {
      if (typeof entry === "string" && (key === "deny" || key === "ask")) {
        // A lone rule where a list belongs: a deny or ask rule is never dropped for its brackets.
        problems.push({ message: `${locate(path)}: "permissions.${key}" should be a list; the one rule given is used`, severe: true, kept: true });
        kept[key] = [entry];
        continue;
      }
      if (!Array.isArray(entry)) {
        problems.push(severe(`${locate(path)}: "permissions.${key}" must be a list of strings, not ${describeValue(entry)}`));
        continue;
      }
      kept[key] = entry.filter((item, index) => {
        if (typeof item === "string") return true;
        problems.push(severe(`${locate([...path, index])}: "permissions.${key}" entry ${index + 1} must be a string, not ${describeValue(item)}`));
        return false;
      });
      continue;
    }
    if (key === "defaultMode" && !(PERMISSION_MODES as readonly unknown[]).includes(entry)) {
      const near = typeof entry === "string" ? nearestSpelling(entry, PERMISSION_MODES) : undefined;
      problems.push(severe(`${locate(path)}: ${describeValue(entry)} is not a permission mode${near === undefined ? "" : `; did you mean "${near}"?`} ` +
        `(the modes are ${PERMISSION_MODES.join(", ")})`));
      continue;
    }
    const checked = shape[key as keyof typeof shape].safeParse(entry);
    if (checked.success) kept[key] = checked.data;
    else problems.push(severe(`${locate(path)}: "permissions.${key}": ${checked.error.issues[0]?.message ?? "invalid"}`));
  }
  return kept;
}

/** Checks `value` (the parsed top-level object) key by key. */
export function validateSettings(value: Json, locate: Locate, options: ValidateOptions = {}): ValidatedSettings {
  const problems: SettingsProblem[] = [];
  const kept: Json = {};
  const misspeltPermissions: Json[] = [];
  const shape = settingsSchema().shape;
  for (const [key, entry] of Object.entries(value)) {
    if (!settingsKeys().includes(key)) {
      // A misspelt "permissions" still gives up its deny and ask rules (never its allow rules or mode).
      if (nearestSpelling(key, settingsKeys()) === "permissions" && isObject(entry)) {
        misspeltPermissions.push(entry);
        problems.push({ message: `${locate([key], "key")}: "${key}" is not a toolshed setting; did you mean "permissions"? Only its deny and ask rules are read, so that they hold`, severe: true, kept: true });
        continue;
      }
      const problem = unknownKey(key, settingsKeys(), [], locate, options);
      if (problem !== undefined) problems.push(problem);
      continue;
    }
    if (key === "permissions") {
      const permissions = checkPermissions(entry, locate, problems, options);
      if (permissions !== undefined) kept.permissions = permissions;
      continue;
    }
    const checked = shape[key as keyof typeof shape].safeParse(entry);
    if (checked.success) {
      kept[key] = checked.data;
      continue;
    }
    const issue = checked.error.issues[0];
    const path = [key, ...(issue?.path ?? []).filter((part): part is string | number => typeof part !== "symbol")];
    problems.push(severe(`${locate(path)}: "${path.join(".")}": ${issue?.message ?? "invalid"}`));
  }
  for (const misspelt of misspeltPermissions) {
    const narrowing = checkPermissions(Object.fromEntries(Object.entries(misspelt).filter(([key]) => ["deny", "ask"].includes(nearestSpelling(key, permissionKeys()) ?? key))), locate, [], options);
    const permissions: Json = isObject(kept.permissions) ? kept.permissions : {};
    for (const list of ["deny", "ask"] as const) {
      const rules = narrowing?.[list];
      if (Array.isArray(rules) && rules.length > 0) permissions[list] = [...(Array.isArray(permissions[list]) ? permissions[list] : []), ...rules];
    }
    if (Object.keys(permissions).length > 0) kept.permissions = permissions;
  }
  // Every key was checked against its own schema above, so the whole passes too; if it ever did
  // not, that is a bug, and dropping the file quietly would drop its deny rules.
  const whole = settingsSchema().safeParse(kept);
  if (!whole.success) throw new Error(`settings checked key by key failed as a whole: ${whole.error.issues[0]?.message ?? "invalid"}`);
  return { settings: whole.data, problems };
}
