/** CronCreate: schedules a prompt on a five-field cron expression, in memory or durably. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import type { CronJob } from "../../cron/CronJob.ts";
import { CRON_FILE } from "../../cron/CronStore.ts";
import { parseCronExpression } from "../../cron/cronExpression.ts";
import { cronStoreService } from "../../cron/sessionCronStore.ts";
import { CRON_CREATE_TOOL_NAME, DESCRIPTION, renderPrompt } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  cron: z.string().check(z.minLength(1), z.describe('Five-field cron expression in local time, e.g. "0 9 * * 1-5"')),
  prompt: z.string().check(z.minLength(1), z.describe("The prompt to run when the schedule fires")),
  recurring: z._default(z.boolean(), true).check(z.describe("Keep the job after it fires (default true); false runs it once")),
  durable: z._default(z.boolean(), false).check(z.describe("Save the job under .toolshed/ so it survives restarts (default false: this session only)")),
});

export interface CronCreateOutput {
  job: CronJob;
  /** ISO time of the next fire. */
  nextFireAt: string;
}

export const CronCreateTool = buildTool({
  name: CRON_CREATE_TOOL_NAME,
  searchHint: "schedule prompt cron recurring timer",
  inputSchema,
  maxResultSizeChars: 10_000,
  getToolUseSummary: (input) => input?.cron ?? null,
  // A durable job is a write under .toolshed/, so the permission engine judges it as one.
  permissionSubjects: (input) => (input.durable ? [{ kind: "path", path: CRON_FILE, access: "write" }] : []),
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input) {
    const parsed = parseCronExpression(input.cron);
    if (!parsed.ok) return { result: false, message: parsed.message };
    if (parsed.nextRuns(1).length === 0) {
      return { result: false, message: `"${input.cron}" never fires (no date matches it). Check the day-of-month and month fields.` };
    }
    return { result: true };
  },
  async call(input, { context }) {
    const parsed = parseCronExpression(input.cron);
    const next = parsed.ok ? parsed.nextRuns(1)[0] : undefined;
    if (next === undefined) throw new ToolError(`"${input.cron}" never fires; give an expression that matches a future time.`);
    const job = context.services.use(cronStoreService).add({
      cron: input.cron.trim().split(/\s+/).join(" "),
      prompt: input.prompt,
      recurring: input.recurring,
      durable: input.durable,
    });
    return { data: { job, nextFireAt: next.toISOString() } };
  },
  mapToolResultToToolResultBlockParam(output: CronCreateOutput, toolUseId) {
    const kind = output.job.recurring ? "Recurring" : "One-shot";
    const where = output.job.durable ? "saved under .toolshed/" : "for this session only";
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: `${kind} job ${output.job.id} scheduled (${output.job.cron}, ${where}); next fire ${output.nextFireAt}.`,
    };
  },
});
