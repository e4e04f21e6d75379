/** A scheduled prompt, as kept in memory and in the durable job file. */
import type * as Z from "zod/mini";
import { z } from "../schema/zod.ts";
import { lazy } from "../lazy.ts";

/** The shape of one job; also the schema the durable file is read with. */
export const CronJobSchema = lazy(() => z.strictObject({
  id: z.string().check(z.regex(/^[a-f0-9]{8}$/)),
  cron: z.string().check(z.minLength(1)),
  prompt: z.string().check(z.minLength(1)),
  recurring: z.boolean(),
  durable: z.boolean(),
  /** ISO time the job was created. */
  createdAt: z.string(),
}));

export type CronJob = Z.infer<ReturnType<typeof CronJobSchema>>;

/** The durable job file: `.toolshed/scheduled_tasks.json` under the working folder. */
export const CronFileSchema = lazy(() => z.strictObject({
  version: z.literal(1),
  jobs: z.array(CronJobSchema()),
}));

export type CronFile = Z.infer<ReturnType<typeof CronFileSchema>>;
