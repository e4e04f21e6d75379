/**
 * Merges settings sources, highest precedence first: scalar keys come from the highest source that
 * sets them; the permission lists are merged across every source; objects merge key by key.
 */
import type { Settings } from "./settingsSchema.ts";

type Json = { [key: string]: unknown };

/** The lists merged across all sources rather than taken from the highest. */
export const MERGED_PERMISSION_LISTS: readonly string[] = ["allow", "ask", "deny", "additionalDirectories"];

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function mergeTwo(higher: Json, lower: Json, path: string): Json {
  const result: Json = { ...lower };
  for (const [key, value] of Object.entries(higher)) {
    const existing = result[key];
    const keyPath = path === "" ? key : `${path}.${key}`;
    if (isObject(value) && isObject(existing)) result[key] = mergeTwo(value, existing, keyPath);
    else if (Array.isArray(value) && Array.isArray(existing) && path === "permissions" && MERGED_PERMISSION_LISTS.includes(key)) {
      result[key] = [...new Set([...value, ...existing])];
    } else result[key] = value;
  }
  return result;
}

/** Merges `sources` (highest precedence first, each already checked) into one settings object. */
export function mergeSettings(sources: readonly Settings[]): Settings {
  let merged: Json = {};
  for (const source of [...sources].reverse()) merged = mergeTwo(source, merged, "");
  // Merging checked objects key by key keeps their shape: every key of the result came from one.
  return merged as Settings;
}
