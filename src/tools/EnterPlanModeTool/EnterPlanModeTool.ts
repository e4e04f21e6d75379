/** EnterPlanMode: switches the session to plan mode (read-only until the person approves a plan), through the context modifier. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { currentMode, planModeService, switchMode } from "./planModeState.ts";
import { DESCRIPTION, ENTER_PLAN_MODE_TOOL_NAME, renderPrompt } from "./prompt.ts";

const inputSchema = () => z.strictObject({});

export interface EnterPlanModeOutput {
  message: string;
  alreadyInPlanMode: boolean;
}

export const EnterPlanModeTool = buildTool({
  name: ENTER_PLAN_MODE_TOOL_NAME,
  searchHint: "plan mode read-only design approach before changes",
  inputSchema,
  maxResultSizeChars: 10_000,
  tags: ["mainAgentOnly"],
  isReadOnly: () => true,
  // Plan mode only takes permissions away.
  checkPermissions: async () => ({ behavior: "allow", reason: "plan mode only restricts what can run" }),
  description: DESCRIPTION,
  prompt: renderPrompt,
  async call(_input, { context }) {
    const mode = currentMode(context);
    if (mode === "plan") return { data: { message: "The session is in plan mode already.", alreadyInPlanMode: true } };
    context.services.use(planModeService).previousMode = mode;
    return {
      data: { message: "The session is in plan mode now.", alreadyInPlanMode: false },
      contextModifier: switchMode("plan"),
    };
  },
  mapToolResultToToolResultBlockParam(output: EnterPlanModeOutput, toolUseId) {
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: `${output.message} Nothing can be changed until the person approves a plan. Explore with read-only tools, write a concrete plan, ` +
        "then call ExitPlanMode with it to ask for approval. Do not change any file before then.",
    };
  },
});
