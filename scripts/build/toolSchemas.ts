/**
 * The input schemas of a flavor's tools, derived with z.toJSONSchema at build time and embedded
 * in the binary, so `tools --json` does not derive them again at every start (about a fifth of
 * its time). Only the flavor's own tools are embedded: a gated tool's schema in a flavor that
 * leaves it off would be a leak, and the audit looks for each gated schema (gatedTools.ts).
 */
import type { ToolInputJSONSchema } from "../../src/Tool.ts";
import { deriveInputJSONSchema } from "../../src/pipeline/toolInputJSONSchema.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import type { Flavor } from "./flavors.ts";
import { GATED_TOOLS } from "./gatedTools.ts";

/** Every tool the flavor contains, by name, with its derived input schema. */
export function flavorToolSchemas(flavor: Pick<Flavor, "features" | "userType">): Record<string, ToolInputJSONSchema> {
  const gatedNames = new Set(GATED_TOOLS.map((gated) => gated.name));
  // The build process runs with every feature off, but its own USER_TYPE may be anything:
  // take only ungated tools from the registry and add the gated ones this flavor turns on.
  const tools = getAllBaseTools().filter((tool) => !gatedNames.has(tool.name));
  for (const gated of GATED_TOOLS) if (gated.isIncluded(flavor)) tools.push(gated.tool);
  const schemas: Record<string, ToolInputJSONSchema> = {};
  for (const tool of tools) if (tool.inputJSONSchema === undefined) schemas[tool.name] = deriveInputJSONSchema(tool);
  return schemas;
}

export { embeddedSchemaTable } from "./schemaTable.ts";
