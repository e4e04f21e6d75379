/**
 * ExitPlanMode: shows the plan and asks the person to approve leaving plan mode. The tool asks
 * them itself, every time: no allow rule, PreToolUse hook or earlier "always" can approve a plan
 * nobody has seen (deny rules still refuse the call). Approved, the session goes back to the mode
 * it was in before plan mode, through the context modifier; refused (or with nobody to ask), it
 * stays in plan mode.
 */
import { z } from "../../schema/zod.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { askHandlerService } from "../../permissions/askHandler.ts";
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

export const ExitPlanModeTool: ReturnType<typeof buildTool<ReturnType<typeof inputSchema>, ExitPlanModeOutput>> = buildTool({
  name: EXIT_PLAN_MODE_TOOL_NAME,
  searchHint: "plan mode approve plan start work",
  inputSchema,
  maxResultSizeChars: 60_000,
  tags: ["mainAgentOnly"],
  // Allowed in plan mode; what it changes is the mode, and only when the person says yes.
  isReadOnly: () => true,
  // The approval is the call itself (see call): there is nothing for a rule to allow beforehand.
  checkPermissions: async () => ({ behavior: "allow", reason: "the person is asked to approve the plan when the call runs" }),
  userFacingName: () => "Plan",
  getToolUseSummary: (input) => input?.plan ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(_input, context) {
    if (currentMode(context) !== "plan") return { result: false, message: "The session is not in plan mode, so there is nothing to leave: go on with the work." };
    return { result: true };
  },
  async call(input, { context, signal }) {
    const handler = context.services.use(askHandlerService);
    if (context.options.isNonInteractive || !handler.interactive) {
      throw new ToolError("Nobody is at a terminal to approve the plan, so the session stays in plan mode and nothing can be changed. Give the plan in your answer instead.");
    }
    const answer = await handler.ask({
      tool: ExitPlanModeTool,
      input,
      decision: { decision: "ask", reason: "approve this plan to leave plan mode and let the changes begin" },
      signal,
    });
    if (signal.aborted) throw new ToolError("The approval was interrupted; the session stays in plan mode.");
    if (answer === "no") throw new ToolError("The person did not approve the plan, so the session stays in plan mode. Ask what to change, or revise the plan and call ExitPlanMode again.");
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
