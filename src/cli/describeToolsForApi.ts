/** The pool as the Messages API receives it: name, description, input_schema. */
import type { Tools } from "../Tool.ts";
import { toolInputJSONSchema } from "../pipeline/toolInputJSONSchema.ts";

export interface ApiToolDefinition {
  name: string;
  description: string;
  input_schema: ReturnType<typeof toolInputJSONSchema>;
}

export async function describeToolsForApi(pool: Tools): Promise<ApiToolDefinition[]> {
  return Promise.all(
    pool.map(async (tool) => ({
      name: tool.name,
      description: await tool.prompt({ tools: pool }),
      input_schema: toolInputJSONSchema(tool),
    })),
  );
}
