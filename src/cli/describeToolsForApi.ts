/** The pool as the Messages API receives it: name, description, input_schema. */
import type { Tools } from "../Tool.ts";
import { toolInputJSONSchema } from "../pipeline/toolInputJSONSchema.ts";

/** One tool as the Messages API receives it. */
export interface ApiToolDefinition {
  name: string;
  description: string;
  input_schema: ReturnType<typeof toolInputJSONSchema>;
}

/** Every tool of the pool as the API receives it, in pool order. */
export async function describeToolsForApi(pool: Tools): Promise<ApiToolDefinition[]> {
  return Promise.all(
    pool.map(async (tool) => ({
      name: tool.name,
      description: await tool.prompt({ tools: pool }),
      input_schema: toolInputJSONSchema(tool),
    })),
  );
}
