/**
 * The input schemas of a flavor's tools, derived with z.toJSONSchema at build time and embedded
 * in the binary, so `tools --json` does not derive them again at every start (about a fifth of
 * its time). Only the flavor's own tools are embedded: a gated tool's schema in a flavor that
 * leaves it off would be a leak, and the audit would catch it.
 */
import type { AnyTool, ToolInputJSONSchema } from "../../src/Tool.ts";
import { deriveInputJSONSchema } from "../../src/pipeline/toolInputJSONSchema.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import type { Flavor } from "./flavors.ts";
import { GATED_TOOLS } from "./gatedTools.ts";

async function loadGatedTool(name: string): Promise<AnyTool> {
  // One folder per tool, named after it (architecture.md): src/tools/<Name>Tool/<Name>Tool.ts.
  const module = (await import(`../../src/tools/${name}Tool/${name}Tool.ts`)) as Record<string, AnyTool | undefined>;
  const tool = module[`${name}Tool`];
  if (tool === undefined) throw new Error(`src/tools/${name}Tool/${name}Tool.ts does not export ${name}Tool`);
  return tool;
}

/** Every tool the flavor contains, by name, with its derived input schema. */
export async function flavorToolSchemas(flavor: Pick<Flavor, "features" | "userType">): Promise<Record<string, ToolInputJSONSchema>> {
  const gatedNames = new Set(GATED_TOOLS.map((tool) => tool.name));
  // The build process runs with every feature off, but its own USER_TYPE may be anything:
  // take only ungated tools from the registry and add the gated ones this flavor turns on.
  const tools = getAllBaseTools().filter((tool) => !gatedNames.has(tool.name));
  for (const gated of GATED_TOOLS) if (gated.isIncluded(flavor)) tools.push(await loadGatedTool(gated.name));
  const schemas: Record<string, ToolInputJSONSchema> = {};
  for (const tool of tools) if (tool.inputJSONSchema === undefined) schemas[tool.name] = deriveInputJSONSchema(tool);
  return schemas;
}
