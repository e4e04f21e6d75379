/** The pool as the Messages API receives it: name, description, input_schema. */
import type { ToolUseOptions } from "../Tool.ts";
import type { SessionServices } from "../session/types.ts";
import { toolInputJSONSchema } from "./toolInputJSONSchema.ts";

/** One tool as the Messages API receives it. */
export interface ApiToolDefinition {
  name: string;
  description: string;
  input_schema: ReturnType<typeof toolInputJSONSchema>;
}

/** Every tool of the pool as the API receives it, in pool order. */
export async function describeToolsForApi(options: Pick<ToolUseOptions, "tools" | "hiddenTools">, services?: SessionServices): Promise<ApiToolDefinition[]> {
  return Promise.all(
    options.tools.map(async (tool) => ({
      name: tool.name,
      description: await tool.prompt({ tools: options.tools, hiddenTools: options.hiddenTools, services }),
      input_schema: toolInputJSONSchema(tool),
    })),
  );
}
