/** Pins exactly what the model sees of every built-in tool: its name, description and JSON Schema. */
import { describe, expect, test } from "bun:test";
import { describeToolsForApi } from "../src/pipeline/describeToolsForApi.ts";
import { createPermissionContext } from "../src/permissions/types.ts";
import { assembleToolPool } from "../src/tools.ts";

describe("the tool pool the API receives", () => {
  test("every tool's name, description and input_schema", async () => {
    const definitions = await describeToolsForApi({ tools: assembleToolPool(createPermissionContext()), hiddenTools: [] });
    for (const definition of definitions) {
      expect(definition.input_schema.type).toBe("object");
      expect(definition.input_schema.additionalProperties).toBe(false);
      expect(definition.description.length).toBeGreaterThan(20);
      expect(definition.input_schema).not.toHaveProperty("$schema");
    }
    expect(definitions).toMatchSnapshot();
  });
});
