/**
 * The gated tools, as the audit sees them: which flavors may contain each, the source modules
 * that are its trace in a bundle, and the distinctive text (prompt, description, input schema)
 * that would give it away in a chunk or a binary. Mirrors the conditions in src/tools.ts; the build's smoke tests
 * check both against each other (a flavor lists exactly the gated tools this table expects).
 */
import type { FeatureName } from "../../src/features.ts";
import { deriveInputJSONSchema } from "../../src/pipeline/toolInputJSONSchema.ts";
import type { AnyTool } from "../../src/Tool.ts";
import { ConfigTool } from "../../src/tools/ConfigTool/ConfigTool.ts";
import { CronCreateTool } from "../../src/tools/CronCreateTool/CronCreateTool.ts";
import { CronDeleteTool } from "../../src/tools/CronDeleteTool/CronDeleteTool.ts";
import { CronListTool } from "../../src/tools/CronListTool/CronListTool.ts";
import { MonitorTool } from "../../src/tools/MonitorTool/MonitorTool.ts";
import { RemoteTriggerTool } from "../../src/tools/RemoteTriggerTool/RemoteTriggerTool.ts";
import { REPLTool } from "../../src/tools/REPLTool/REPLTool.ts";
import { SleepTool } from "../../src/tools/SleepTool/SleepTool.ts";
import * as ConfigPrompt from "../../src/tools/ConfigTool/prompt.ts";
import * as CronCreatePrompt from "../../src/tools/CronCreateTool/prompt.ts";
import * as CronDeletePrompt from "../../src/tools/CronDeleteTool/prompt.ts";
import * as CronListPrompt from "../../src/tools/CronListTool/prompt.ts";
import * as MonitorPrompt from "../../src/tools/MonitorTool/prompt.ts";
import * as RemoteTriggerPrompt from "../../src/tools/RemoteTriggerTool/prompt.ts";
import * as REPLPrompt from "../../src/tools/REPLTool/prompt.ts";
import * as SleepPrompt from "../../src/tools/SleepTool/prompt.ts";
import type { Flavor } from "./flavors.ts";

export interface GatedTool {
  name: string;
  /** The tool itself (the build derives the schemas it embeds from it). */
  tool: AnyTool;
  /** The gate, as people read it. */
  gate: string;
  /** Whether a flavor is meant to contain the tool. */
  isIncluded(flavor: Pick<Flavor, "features" | "userType">): boolean;
  /** Path prefixes (relative to the repository root) of the modules only this tool brings in. */
  modules: string[];
  /** Sentences of the tool's description and prompt, long enough not to occur by chance, then its
   *  input schema as the build embeds it (see schemaTexts). */
  texts: string[];
}

/** Sentences shorter than this are not distinctive enough to count as a leak. */
export const MIN_DISTINCTIVE_CHARS = 32;
/** Prompt lines looked for per tool besides the description: the longest, which are the rarest. */
export const PROMPT_LINES_PER_TOOL = 4;

/** The description and the longest lines of the prompt, without list markers. */
export function distinctiveTexts(description: string, prompt: string): string[] {
  const clean = (line: string) => line.trim().replace(/^- /, "");
  const lines = [...new Set(prompt.split("\n").map(clean))]
    .filter((line) => line.length >= MIN_DISTINCTIVE_CHARS && line !== clean(description))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .slice(0, PROMPT_LINES_PER_TOOL);
  return clean(description).length >= MIN_DISTINCTIVE_CHARS ? [clean(description), ...lines] : lines;
}

/**
 * The tool's input schema as it would appear in a build's embedded schema table (see
 * toolSchemas.ts): its entry `"Name":{...}`, and each property description long enough to be
 * distinctive, as a JSON member, so a leaked schema is caught however the table is laid out.
 */
export function schemaTexts(tool: AnyTool): string[] {
  const schema = deriveInputJSONSchema(tool);
  const descriptions = Object.values(schema.properties ?? {}).flatMap((property) => {
    const description: unknown = typeof property === "object" && property !== null ? Reflect.get(property, "description") : undefined;
    return typeof description === "string" && description.length >= MIN_DISTINCTIVE_CHARS ? [`"description":${JSON.stringify(description)}`] : [];
  });
  return [`${JSON.stringify(tool.name)}:${JSON.stringify(schema)}`, ...descriptions];
}

function gatedTexts(tool: AnyTool, description: string, prompt: string): string[] {
  return [...distinctiveTexts(description, prompt), ...schemaTexts(tool)];
}

function whenFeature(...features: FeatureName[]) {
  return (flavor: Pick<Flavor, "features">) => features.some((feature) => flavor.features.includes(feature));
}

const internalOnly = (flavor: Pick<Flavor, "userType">) => flavor.userType === "internal";
const CRON_MODULES = ["src/cron/", "node_modules/croner/"];

/** Every gated tool, in registry order. */
export const GATED_TOOLS: readonly GatedTool[] = [
  {
    name: "Sleep",
    tool: SleepTool,
    gate: "PROACTIVE or KAIROS",
    isIncluded: whenFeature("PROACTIVE", "KAIROS"),
    modules: ["src/tools/SleepTool/"],
    texts: gatedTexts(SleepTool, SleepPrompt.DESCRIPTION, SleepPrompt.renderPrompt()),
  },
  {
    name: "Monitor",
    tool: MonitorTool,
    gate: "MONITOR_TOOL",
    isIncluded: whenFeature("MONITOR_TOOL"),
    modules: ["src/tools/MonitorTool/"],
    texts: gatedTexts(MonitorTool, MonitorPrompt.DESCRIPTION, MonitorPrompt.renderPrompt()),
  },
  {
    name: "CronCreate",
    tool: CronCreateTool,
    gate: "AGENT_TRIGGERS",
    isIncluded: whenFeature("AGENT_TRIGGERS"),
    modules: ["src/tools/CronCreateTool/", ...CRON_MODULES],
    texts: gatedTexts(CronCreateTool, CronCreatePrompt.DESCRIPTION, CronCreatePrompt.renderPrompt()),
  },
  {
    name: "CronList",
    tool: CronListTool,
    gate: "AGENT_TRIGGERS",
    isIncluded: whenFeature("AGENT_TRIGGERS"),
    modules: ["src/tools/CronListTool/", ...CRON_MODULES],
    texts: gatedTexts(CronListTool, CronListPrompt.DESCRIPTION, CronListPrompt.renderPrompt()),
  },
  {
    name: "CronDelete",
    tool: CronDeleteTool,
    gate: "AGENT_TRIGGERS",
    isIncluded: whenFeature("AGENT_TRIGGERS"),
    modules: ["src/tools/CronDeleteTool/", ...CRON_MODULES],
    texts: gatedTexts(CronDeleteTool, CronDeletePrompt.DESCRIPTION, CronDeletePrompt.renderPrompt()),
  },
  {
    name: "RemoteTrigger",
    tool: RemoteTriggerTool,
    gate: "AGENT_TRIGGERS_REMOTE",
    isIncluded: whenFeature("AGENT_TRIGGERS_REMOTE"),
    modules: ["src/tools/RemoteTriggerTool/"],
    texts: gatedTexts(RemoteTriggerTool, RemoteTriggerPrompt.DESCRIPTION, RemoteTriggerPrompt.renderPrompt()),
  },
  {
    name: "REPL",
    tool: REPLTool,
    gate: "USER_TYPE=internal",
    isIncluded: internalOnly,
    modules: ["src/tools/REPLTool/"],
    texts: gatedTexts(REPLTool, REPLPrompt.DESCRIPTION, REPLPrompt.renderPrompt([])),
  },
  {
    name: "Config",
    tool: ConfigTool,
    gate: "USER_TYPE=internal",
    isIncluded: internalOnly,
    modules: ["src/tools/ConfigTool/"],
    texts: gatedTexts(ConfigTool, ConfigPrompt.DESCRIPTION, ConfigPrompt.renderPrompt()),
  },
];

/** The gated tools a flavor must not contain. */
export function excludedTools(flavor: Pick<Flavor, "features" | "userType">): GatedTool[] {
  return GATED_TOOLS.filter((tool) => !tool.isIncluded(flavor));
}
