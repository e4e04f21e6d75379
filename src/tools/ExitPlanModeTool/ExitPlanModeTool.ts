/**
 * ExitPlanMode: shows the plan and asks the person to approve leaving plan mode (the call asks,
 * through the permission engine, so the person sees the plan in the question). Approved, the
 * session goes back to the mode it was in before plan mode, through the context modifier; refused
 * (or with nobody to ask), it stays in plan mode.
 */
import * as z from "zod/mini";
import { ToolError } from "../../errors/ToolError.ts";
import type { PermissionMode } from "../../permissions/types.ts";
import { buildTool } from "../../Tool.ts";
import { currentMode, planModeService, switchMode } from "../EnterPlanModeTool/planModeState.ts";
import { DESCRIPTION, EXIT_PLAN_MODE_TOOL_NAME, MAX_PLAN_CHARS, renderPrompt } from "./prompt.ts";

const inputSchema = () => z.strictObject({
  plan: z.string().check(z.trim(), z.minLength(1, "give the plan (Markdown) to show the person"), z.maxLength(MAX_PLAN_CHARS, `a plan may be at most ${MAX_PLAN_CHARS} characters`), z.describe("The plan, in Markdown")),
});

export interface ExitPlanModeOutput {
  plan: string;
  /** The mode the session is in after the approval. */
  mode: PermissionMode;
}

export const ExitPlanModeTool = buildTool({
  name: EXIT_PLAN_MODE_TOOL_NAME,
  searchHint: "plan mode approve plan start work",
  inputSchema,
  maxResultSizeChars: 60_000,
  tags: ["mainAgentOnly"],
  // Allowed in plan mode; what it changes is the mode, and only when the person says yes.
  isReadOnly: () => true,
  checkPermissions: async () => ({ behavior: "ask", reason: "the person approves the plan before plan mode ends and changes begin" }),
  userFacingName: () => "Plan",
  getToolUseSummary: (input) => input?.plan ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt(),
  async validateInput(_input, context) {
    if (currentMode(context) !== "plan") return { result: false, message: "The session is not in plan mode, so there is nothing to leave: go on with the work." };
    return { result: true };
  },
  async call(input, { context }) {
    if (currentMode(context) !== "plan") throw new ToolError("The session left plan mode while the plan was being approved; go on with the work.");
    const state = context.services.use(planModeService);
    const mode = state.previousMode === undefined || state.previousMode === "plan" ? "default" : state.previousMode;
    state.previousMode = undefined;
    return { data: { plan: input.plan, mode }, contextModifier: switchMode(mode) };
  },
  mapToolResultToToolResultBlockParam(output: ExitPlanModeOutput, toolUseId) {
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: `The person approved the plan, and plan mode is over (the session's mode is ${output.mode} again). Carry out the plan now, starting with its first step; keep the todo list up to date if you use one.`,
    };
  },
  renderResultForTerminal: (output: ExitPlanModeOutput) => `Plan approved; the mode is ${output.mode}.\n\n${output.plan}`,
});
