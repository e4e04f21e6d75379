/**
 * The pool's tools as the API receives them (made once per pool, so their text is the same from
 * turn to turn) and which of them are deferred for a request: what buildModelRequest sends, and
 * what a loader (ToolSearch) may load.
 */
import type { Tool as ApiTool } from "@anthropic-ai/sdk/resources/messages";
import type { ToolUseContext } from "../Tool.ts";
import { describeToolsForApi } from "../pipeline/describeToolsForApi.ts";
import { modelLimits } from "./modelAliases.ts";
import { planToolDeferral, type DeferralPlan } from "./planToolDeferral.ts";
import { readToolSearchSetting } from "./toolSearchSetting.ts";

export interface PoolDefinitions {
  tools: ApiTool[];
  /** Each definition's length in characters as sent, by name. */
  chars: Map<string, number>;
}

const definitions = new WeakMap<object, Promise<PoolDefinitions>>();

/** The definitions of the context's pool, in pool order. */
export function poolDefinitions(context: Pick<ToolUseContext, "options" | "services">): Promise<PoolDefinitions> {
  const pool = context.options.tools;
  let made = definitions.get(pool);
  if (made === undefined) {
    made = describeToolsForApi(context.options, context.services).then((described) => {
      const tools: ApiTool[] = described.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.input_schema }));
      return { tools, chars: new Map(tools.map((tool) => [tool.name, JSON.stringify(tool).length])) };
    });
    definitions.set(pool, made);
  }
  return made;
}

/** Which of the pool's tools are deferred in a request to `model`, with the environment's setting. */
export async function planDeferral(context: Pick<ToolUseContext, "options" | "services">, model: string, env: Record<string, string | undefined> = process.env): Promise<DeferralPlan> {
  const { chars } = await poolDefinitions(context);
  return planToolDeferral({ tools: context.options.tools, definitionChars: chars, setting: readToolSearchSetting(env), contextWindow: modelLimits(model, env).contextWindow });
}
