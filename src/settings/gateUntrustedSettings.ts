/**
 * What a settings file of a folder not yet trusted may change: only what narrows access. A
 * repository can add deny and ask rules, pick a stricter mode (plan, dontAsk, or default over a
 * looser one; never one looser than the person's own settings choose), turn MCP servers
 * off and name a model; everything else it could set (allow rules, extra folders, a looser mode,
 * hooks, environment variables, an API key helper, MCP servers, endpoints, clean-up periods, and
 * any key added later) waits for `toolshed trust`. The list is of what may pass, so a new key is
 * held back until someone decides it is harmless.
 */
import type { PermissionMode } from "../permissions/types.ts";
import type { Settings } from "./settingsSchema.ts";

/** Modes no looser than the default: an untrusted file may choose these. */
const NARROWING_MODES: ReadonlySet<PermissionMode> = new Set(["default", "plan", "dontAsk"]);

/** Top-level keys that only narrow what the session may do, or do not touch it. */
const NARROWING_KEYS: ReadonlySet<string> = new Set(["$schema", "permissions", "disabledMcpjsonServers", "model"]);

/** How strict each mode is; plan and dontAsk narrow in different ways, so neither replaces the other. */
const STRICTNESS: Record<PermissionMode, number> = { bypassPermissions: 0, acceptEdits: 1, default: 2, plan: 3, dontAsk: 3 };

/** Whether an untrusted file's mode may replace `trustedMode`, the one the other sources choose: only for a stricter one. */
export function untrustedModeNarrows(mode: PermissionMode, trustedMode: PermissionMode): boolean {
  return mode === trustedMode || STRICTNESS[mode] > STRICTNESS[trustedMode];
}

export interface GatedSettings {
  settings: Settings;
  /** One line per thing held back, e.g. `defaultMode "bypassPermissions" from <file>`. */
  skipped: string[];
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The part of `settings` (from `where`) an untrusted folder's file may set, and what was held back. */
export function gateUntrustedSettings(settings: Settings, where: string): GatedSettings {
  const skipped: string[] = [];
  const kept: Settings = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    // Hooks are held back hook by hook where they are read, so each can be named.
    if (key === "hooks") continue;
    if (!NARROWING_KEYS.has(key)) {
      skipped.push(`"${key}": ${describe(value)} from ${where}`);
      continue;
    }
    if (key !== "permissions") Object.assign(kept, { [key]: value });
  }
  const permissions = settings.permissions;
  if (permissions !== undefined) {
    const narrowed: NonNullable<Settings["permissions"]> = {};
    if (permissions.deny !== undefined) narrowed.deny = permissions.deny;
    if (permissions.ask !== undefined) narrowed.ask = permissions.ask;
    for (const rule of permissions.allow ?? []) skipped.push(`allow rule "${rule}" from ${where}`);
    for (const folder of permissions.additionalDirectories ?? []) skipped.push(`additional folder "${folder}" from ${where}`);
    const mode = permissions.defaultMode;
    if (mode !== undefined) {
      if (NARROWING_MODES.has(mode)) narrowed.defaultMode = mode;
      else skipped.push(`defaultMode "${mode}" from ${where}`);
    }
    kept.permissions = narrowed;
  }
  return { settings: kept, skipped };
}
