/** The shape of the `hooks` settings key, as users of other coding agents already write it. */
import { z } from "zod";

/** One command to run. */
export const hookCommandSchema = z.looseObject({
  type: z.literal("command", { error: 'only "command" hooks are supported' }),
  command: z.string({ error: "a command (text) is required" }).trim().min(1, "the command is empty"),
  timeout: z.number().positive("the timeout must be a positive number of seconds").optional(),
});

/** A matcher and the commands it runs. */
export const hookMatcherSchema = z.looseObject({
  matcher: z.string().optional(),
  hooks: z.array(z.unknown()),
});

/** The whole key: event name to a list of matchers. */
export const hooksSettingSchema = z.record(z.string(), z.array(z.unknown()));
