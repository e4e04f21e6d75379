/** The shape of the `hooks` settings key, as users of other coding agents already write it. */
import { z } from "../schema/zod.ts";
import { lazy } from "../lazy.ts";

/** One command to run. */
export const hookCommandSchema = lazy(() => z.looseObject({
  type: z.literal("command", { error: 'only "command" hooks are supported' }),
  command: z.string({ error: "a command (text) is required" }).check(z.trim(), z.minLength(1, "the command is empty")),
  timeout: z.optional(z.number().check(z.positive("the timeout must be a positive number of seconds"))),
}));

/** A matcher and the commands it runs. */
export const hookMatcherSchema = lazy(() => z.looseObject({
  matcher: z.optional(z.string()),
  hooks: z.array(z.unknown()),
}));

/** The whole key: event name to a list of matchers. */
export const hooksSettingSchema = lazy(() => z.record(z.string(), z.array(z.unknown())));
