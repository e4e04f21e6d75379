/** The frontmatter keys a skill may use that toolshed reads; others are ignored. */
import { z } from "../schema/zod.ts";
import { lazy } from "../lazy.ts";

/** Checked after parsing: a key of the wrong shape makes the skill invalid. */
export const skillFrontmatterSchema = lazy(() => z.looseObject({
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  when_to_use: z.optional(z.string()),
  "argument-hint": z.optional(z.string()),
  "allowed-tools": z.optional(z.union([z.string(), z.array(z.string())])),
  "disable-model-invocation": z.optional(z.union([z.boolean(), z.string()])),
}));

/** YAML's spellings of true. */
export function isTrue(value: boolean | string | undefined): boolean {
  return value === true || (typeof value === "string" && ["true", "yes", "on", "1"].includes(value.trim().toLowerCase()));
}
