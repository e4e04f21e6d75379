/**
 * Build flavors: one JSON file per flavor under `flags/`, validated when the build reads it.
 * A new flavor is a new file; nothing else has to change.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { FEATURES, type FeatureName } from "../../src/features.ts";
import { NPM_FOLDER } from "../npm/npmPackages.ts";
import { RELEASE_FOLDER } from "../../src/release/releaseLayout.ts";
import { BuildConfigError } from "./buildErrors.ts";

/** Defines the build sets itself; a flavor file may not override them. */
export const RESERVED_DEFINE_PREFIX = "process.env.TOOLSHED_BUILD_";
/** The user types `process.env.USER_TYPE` may be fixed to. */
export const USER_TYPES = ["external", "internal"] as const;
export type UserType = (typeof USER_TYPES)[number];

function isUserType(value: string): value is UserType {
  return USER_TYPES.some((userType) => userType === value);
}

const FLAVOR_NAME = /^[a-z][a-z0-9-]*$/;
const DEFINE_KEY = /^process\.env\.[A-Z_][A-Z0-9_]*$/;

const BudgetsSchema = z.strictObject({
  jsBytes: z.number().int().positive(),
  jsGzipBytes: z.number().int().positive().optional(),
  jsBrotliBytes: z.number().int().positive().optional(),
  binaryBytes: z.number().int().positive(),
});

/** The size limits a flavor must stay under; any key over budget fails the build. */
export type Budgets = z.infer<typeof BudgetsSchema>;

const FlavorFileSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().min(1, "say in a sentence what this flavor is for"),
  features: z.array(z.enum(FEATURES, {
    error: (issue) => `unknown feature ${JSON.stringify(issue.input)}. The features are: ${FEATURES.join(", ")}`,
  })),
  defines: z.record(z.string(), z.string()).default({}),
  budgets: BudgetsSchema,
});

/** One validated flavor. */
export interface Flavor {
  name: string;
  description: string;
  features: FeatureName[];
  /** Build-time defines as written in the file (values are strings; the build quotes them). */
  defines: Record<string, string>;
  /** The value `process.env.USER_TYPE` is fixed to; "external" unless the file says otherwise. */
  userType: UserType;
  budgets: Budgets;
  /** The file it came from. */
  file: string;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  ${issue.path.length === 0 ? "(top level)" : issue.path.join(".")}: ${issue.message}`)
    .join("\n");
}

/** Validates one flavor file's text; throws a BuildConfigError naming the file and each problem. */
export function parseFlavor(name: string, text: string, file: string): Flavor {
  if (!FLAVOR_NAME.test(name)) {
    throw new BuildConfigError(`${file}: the flavor name "${name}" must be lower-case letters, digits and dashes, starting with a letter.`);
  }
  // dist/<flavor>/ sits beside dist/release/ and dist/npm/, which every build replaces.
  if (name === RELEASE_FOLDER || name === NPM_FOLDER) throw new BuildConfigError(`${file}: "${name}" is the name of a folder the build writes; call the flavor something else.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BuildConfigError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const parsed = FlavorFileSchema.safeParse(json);
  if (!parsed.success) throw new BuildConfigError(`${file}: invalid flavor file:\n${describeIssues(parsed.error)}`);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(parsed.data.defines)) {
    if (!DEFINE_KEY.test(key)) problems.push(`  defines.${key}: a define must be named process.env.NAME (upper case)`);
    else if (key.startsWith(RESERVED_DEFINE_PREFIX)) problems.push(`  defines.${key}: set by the build itself; remove it`);
    else if (key === "process.env.USER_TYPE" && !isUserType(value)) {
      problems.push(`  defines.${key}: "${value}" is not a user type. The user types are: ${USER_TYPES.join(", ")}`);
    }
  }
  const duplicates = parsed.data.features.filter((feature, index, all) => all.indexOf(feature) !== index);
  if (duplicates.length > 0) problems.push(`  features: listed twice: ${[...new Set(duplicates)].join(", ")}`);
  if (problems.length > 0) throw new BuildConfigError(`${file}: invalid flavor file:\n${problems.join("\n")}`);
  const declared = parsed.data.defines["process.env.USER_TYPE"];
  const userType: UserType = declared !== undefined && isUserType(declared) ? declared : "external";
  return {
    name,
    description: parsed.data.description,
    features: [...parsed.data.features].sort(),
    defines: { ...parsed.data.defines, "process.env.USER_TYPE": userType },
    userType,
    budgets: parsed.data.budgets,
    file,
  };
}

/** Every flavor in `flagsDirectory` (one `<name>.json` each), sorted by name. */
export function loadFlavors(flagsDirectory: string): Flavor[] {
  let names: string[];
  try {
    names = readdirSync(flagsDirectory).filter((entry) => entry.endsWith(".json")).sort();
  } catch (error) {
    throw new BuildConfigError(`cannot read the flavor folder ${flagsDirectory}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (names.length === 0) throw new BuildConfigError(`${flagsDirectory} holds no flavor files (<name>.json).`);
  return names.map((entry) => {
    const file = join(flagsDirectory, entry);
    return parseFlavor(basename(entry, ".json"), readFileSync(file, "utf8"), file);
  });
}

/** The flavors named, in the order given; an unknown name is an error listing the valid ones. */
export function selectFlavors(flavors: readonly Flavor[], names: readonly string[]): Flavor[] {
  if (names.length === 0) return [...flavors];
  const unknown = names.filter((name) => !flavors.some((flavor) => flavor.name === name));
  if (unknown.length > 0) {
    throw new BuildConfigError(`unknown flavor ${unknown.map((name) => `"${name}"`).join(", ")}. The flavors are: ${flavors.map((flavor) => flavor.name).join(", ")}.`);
  }
  return [...new Set(names)].flatMap((name) => flavors.filter((flavor) => flavor.name === name));
}
