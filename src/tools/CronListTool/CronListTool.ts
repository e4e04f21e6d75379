/** CronList: every scheduled job with its next fire time. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import type { CronJob } from "../../cron/CronJob.ts";
import { nextFireTime } from "../../cron/cronExpression.ts";
import { cronStoreService } from "../../cron/sessionCronStore.ts";
import { CRON_LIST_TOOL_NAME, DESCRIPTION, renderPrompt } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({});

/** Characters of each prompt shown in the listing. */
const PROMPT_PREVIEW_CHARS = 80;

export interface CronListOutput {
  jobs: Array<CronJob & { nextFireAt: string | null }>;
  /** Why the durable jobs could not be read, when they could not. */
  problem?: string;
}

function preview(prompt: string): string {
  const line = prompt.replace(/\s+/g, " ").trim();
  return line.length > PROMPT_PREVIEW_CHARS ? `${line.slice(0, PROMPT_PREVIEW_CHARS)}...` : line;
}

export const CronListTool = buildTool({
  name: CRON_LIST_TOOL_NAME,
  searchHint: "list scheduled cron jobs next run",
  inputSchema,
  maxResultSizeChars: 20_000,
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async call(_input, { context }) {
    const now = new Date();
    const listed = context.services.use(cronStoreService).list();
    const jobs = listed.jobs.map((job) => ({
      ...job,
      nextFireAt: nextFireTime(job.cron, now)?.toISOString() ?? null,
    }));
    return { data: { jobs, ...(listed.problem === undefined ? {} : { problem: listed.problem }) } };
  },
  mapToolResultToToolResultBlockParam(output: CronListOutput, toolUseId) {
    const note = output.problem === undefined ? "" : `\n(The durable jobs are left out: ${output.problem})`;
    if (output.jobs.length === 0) return { type: "tool_result", tool_use_id: toolUseId, content: `No scheduled jobs.${note}` };
    const lines = output.jobs.map((job) =>
      `${job.id}  ${job.cron}  ${job.recurring ? "recurring" : "once"}  ${job.durable ? "durable" : "session"}  next ${job.nextFireAt ?? "never"}  ${preview(job.prompt)}`);
    return { type: "tool_result", tool_use_id: toolUseId, content: lines.join("\n") + note };
  },
});
