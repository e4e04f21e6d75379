/**
 * The input schemas of a flavor's tools, derived with z.toJSONSchema at build time and embedded
 * in the binary, so `tools --json` does not derive them again at every start (about a fifth of
 * its time). Only the flavor's own tools are embedded: a gated tool's schema in a flavor that
 * leaves it off would be a leak, and the audit looks for each gated schema (gatedTools.ts).
 */
import type { AnyTool, ToolInputJSONSchema } from "../../src/Tool.ts";
import { expressedExactly } from "../../src/pipeline/expressedExactly.ts";
import { deriveInputJSONSchema } from "../../src/pipeline/toolInputJSONSchema.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import type { Flavor } from "./flavors.ts";
import { GATED_TOOLS } from "./gatedTools.ts";

/** The built-in tools the flavor contains (those that derive their schema from Zod). */
function flavorTools(flavor: Pick<Flavor, "features" | "userType">): AnyTool[] {
  const gatedNames = new Set(GATED_TOOLS.map((gated) => gated.name));
  // The build process runs with every feature off, but its own USER_TYPE may be anything:
  // take only ungated tools from the registry and add the gated ones this flavor turns on.
  const tools = getAllBaseTools().filter((tool) => !gatedNames.has(tool.name));
  for (const gated of GATED_TOOLS) if (gated.isIncluded(flavor)) tools.push(gated.tool);
  return tools.filter((tool) => tool.inputJSONSchema === undefined);
}

/** Every tool the flavor contains, by name, with its derived input schema. */
export function flavorToolSchemas(flavor: Pick<Flavor, "features" | "userType">): Record<string, ToolInputJSONSchema> {
  const schemas: Record<string, ToolInputJSONSchema> = {};
  for (const tool of flavorTools(flavor)) schemas[tool.name] = deriveInputJSONSchema(tool);
  return schemas;
}

/** The flavor's tools whose JSON Schema states all their Zod schema checks, so the binary may check input by it (see acceptByJSONSchema.ts). */
export function flavorExactSchemas(flavor: Pick<Flavor, "features" | "userType">): string[] {
  return flavorTools(flavor).filter((tool) => expressedExactly(tool.inputSchema)).map((tool) => tool.name);
}

export { embeddedSchemaTable } from "./schemaTable.ts";
