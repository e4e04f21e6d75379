/**
 * The shape of a settings file, key by key. Each key is checked on its own (validateSettings.ts):
 * a bad or unknown key is reported and left out, the rest of the file applies. `hooks` and
 * `remoteTrigger` are checked entry by entry where they are used, so one bad entry does not drop
 * the rest.
 */
import type * as Z from "zod/mini";
import { z } from "../schema/zod.ts";
import { lazy } from "../lazy.ts";
import { PERMISSION_MODES } from "../permissions/types.ts";

const permissionsShape = () => ({
  allow: z.optional(z.array(z.string())),
  ask: z.optional(z.array(z.string())),
  deny: z.optional(z.array(z.string())),
  additionalDirectories: z.optional(z.array(z.string())),
  defaultMode: z.optional(z.enum(PERMISSION_MODES)),
});

/** The `permissions` object, built on first use. */
export const permissionsSchema = lazy(() => z.object(permissionsShape()));

/** The schema, built on first use. */
export const settingsSchema = lazy(() => z.object({
  /** Editors' schema reference; ignored. */
  $schema: z.optional(z.string()),
  permissions: z.optional(permissionsSchema()),
  /** Checked entry by entry in hooks/readHookSettings.ts. */
  hooks: z.optional(z.unknown()),
  /** Environment variables for the commands the session runs. */
  env: z.optional(z.record(z.string(), z.string())),
  /** The model to use when no --model is given. */
  model: z.optional(z.string()),
  /** A command that prints the API key to use. */
  apiKeyHelper: z.optional(z.string()),
  /** The remote trigger endpoint (internal builds); checked by RemoteTrigger itself. */
  remoteTrigger: z.optional(z.unknown()),
  /** Start every server in the project's .mcp.json without asking. */
  enableAllProjectMcpServers: z.optional(z.boolean()),
  enabledMcpjsonServers: z.optional(z.array(z.string())),
  disabledMcpjsonServers: z.optional(z.array(z.string())),
  /** Transcripts older than this many days are removed. */
  cleanupPeriodDays: z.optional(z.number().check(z.nonnegative())),
}));

/** A settings object after checking. */
export type Settings = Z.infer<ReturnType<typeof settingsSchema>>;

/** The top-level keys a settings file may hold. */
export const settingsKeys = lazy((): readonly string[] => Object.keys(settingsSchema().shape));

/** The keys of `permissions`. */
export const permissionKeys = lazy((): readonly string[] => Object.keys(permissionsSchema().shape));

/** The permission lists whose entries are rule strings (or folders), checked entry by entry. */
export const PERMISSION_LISTS = ["allow", "ask", "deny", "additionalDirectories"] as const;
