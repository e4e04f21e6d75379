/**
 * The model a session talks to, as a service of the session: the main loop, sub-agents and the
 * tools that ask a model something (WebFetch) all go through it, so every request's usage and
 * cost are counted in one place. The CLI provides it; a session without one (`toolshed run`,
 * `tools`) has no model, and a tool that needs one says so.
 */
import { ToolError } from "../errors/ToolError.ts";
import { defineService } from "../session/serviceKey.ts";
import type { CallModel } from "./modelTypes.ts";
import type { RunAccounting } from "./runAccounting.ts";

export interface ModelAccess {
  callModel: CallModel;
  /** The main loop's model. */
  model: string;
  /** Used for the rest of a run when the model fails for good (overloaded, not found). */
  fallbackModel?: string;
  /** The small, fast model for helper requests (reading a fetched page, summaries). */
  smallModel: string;
  /** An alias (sonnet, opus, haiku) as the current model id; a full id as it is. */
  resolveModel(name: string): string;
  /** The output tokens asked for in each request to `model`. */
  maxOutputTokens(model: string): number;
  /** Where every request's usage and cost are counted. */
  accounting: RunAccounting;
}

/** The key the session's model is provided under: `context.services.use(modelService)`. */
export const modelService = defineService<ModelAccess>({
  name: "model",
  create: () => {
    throw new ToolError("This session has no model to ask (it runs tools only). Run it as an agent: toolshed -p, or toolshed at a terminal.");
  },
});
