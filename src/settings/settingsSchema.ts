/** The shape of a settings file: the permissions block is checked; other keys pass through for tools. */
import { z } from "zod";
import { PERMISSION_MODES } from "../permissions/types.ts";

const ruleList = z.array(z.string());

export const permissionsSettingsSchema = z.looseObject({
  allow: ruleList.optional(),
  ask: ruleList.optional(),
  deny: ruleList.optional(),
  additionalDirectories: z.array(z.string()).optional(),
  defaultMode: z.enum(PERMISSION_MODES).optional(),
});

export const settingsSchema = z.looseObject({
  permissions: permissionsSettingsSchema.optional(),
  /** Checked entry by entry in hooks/readHookSettings.ts, so one bad hook does not drop the file. */
  hooks: z.unknown().optional(),
});

/** A settings object after checking. */
export type Settings = z.infer<typeof settingsSchema>;
