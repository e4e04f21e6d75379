/** CronDelete: removes one scheduled job by id. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import type { CronJob } from "../../cron/CronJob.ts";
import { cronStoreService } from "../../cron/sessionCronStore.ts";
import { CRON_DELETE_TOOL_NAME, DESCRIPTION, renderPrompt } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  id: z.string().check(z.minLength(1), z.describe("The id of the job to cancel")),
});

export interface CronDeleteOutput {
  job: CronJob;
}

export const CronDeleteTool = buildTool({
  name: CRON_DELETE_TOOL_NAME,
  searchHint: "cancel delete scheduled cron job",
  inputSchema,
  maxResultSizeChars: 10_000,
  getToolUseSummary: (input) => input?.id ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async call(input, { context }) {
    const store = context.services.use(cronStoreService);
    const job = store.delete(input.id.trim());
    if (job === undefined) {
      const ids = store.list().jobs.map((entry) => entry.id);
      throw new ToolError(`There is no scheduled job with id "${input.id}". ${ids.length === 0 ? "No jobs are scheduled." : `The ids are: ${ids.join(", ")}.`}`);
    }
    return { data: { job } };
  },
  mapToolResultToToolResultBlockParam(output: CronDeleteOutput, toolUseId) {
    return { type: "tool_result", tool_use_id: toolUseId, content: `Cancelled job ${output.job.id} (${output.job.cron}).` };
  },
});
