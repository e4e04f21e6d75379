/**
 * The gated tools, as the audit sees them: which flavors may contain each, the source modules
 * that are its trace in a bundle, and the distinctive text (prompt, description) that would give
 * it away in a chunk or a binary. Mirrors the conditions in src/tools.ts; the build's smoke tests
 * check both against each other (a flavor lists exactly the gated tools this table expects).
 */
import type { FeatureName } from "../../src/features.ts";
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
  /** The gate, as people read it. */
  gate: string;
  /** Whether a flavor is meant to contain the tool. */
  isIncluded(flavor: Pick<Flavor, "features" | "userType">): boolean;
  /** Path prefixes (relative to the repository root) of the modules only this tool brings in. */
  modules: string[];
  /** Sentences of the tool's prompt and description, long enough not to occur by chance. */
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

function whenFeature(...features: FeatureName[]) {
  return (flavor: Pick<Flavor, "features">) => features.some((feature) => flavor.features.includes(feature));
}

const internalOnly = (flavor: Pick<Flavor, "userType">) => flavor.userType === "internal";
const CRON_MODULES = ["src/cron/", "node_modules/croner/"];

/** Every gated tool, in registry order. */
export const GATED_TOOLS: readonly GatedTool[] = [
  {
    name: "Sleep",
    gate: "PROACTIVE or KAIROS",
    isIncluded: whenFeature("PROACTIVE", "KAIROS"),
    modules: ["src/tools/SleepTool/"],
    texts: distinctiveTexts(SleepPrompt.DESCRIPTION, SleepPrompt.renderPrompt()),
  },
  {
    name: "Monitor",
    gate: "MONITOR_TOOL",
    isIncluded: whenFeature("MONITOR_TOOL"),
    modules: ["src/tools/MonitorTool/"],
    texts: distinctiveTexts(MonitorPrompt.DESCRIPTION, MonitorPrompt.renderPrompt()),
  },
  {
    name: "CronCreate",
    gate: "AGENT_TRIGGERS",
    isIncluded: whenFeature("AGENT_TRIGGERS"),
    modules: ["src/tools/CronCreateTool/", ...CRON_MODULES],
    texts: distinctiveTexts(CronCreatePrompt.DESCRIPTION, CronCreatePrompt.renderPrompt()),
  },
  {
    name: "CronList",
    gate: "AGENT_TRIGGERS",
    isIncluded: whenFeature("AGENT_TRIGGERS"),
    modules: ["src/tools/CronListTool/", ...CRON_MODULES],
    texts: distinctiveTexts(CronListPrompt.DESCRIPTION, CronListPrompt.renderPrompt()),
  },
  {
    name: "CronDelete",
    gate: "AGENT_TRIGGERS",
    isIncluded: whenFeature("AGENT_TRIGGERS"),
    modules: ["src/tools/CronDeleteTool/", ...CRON_MODULES],
    texts: distinctiveTexts(CronDeletePrompt.DESCRIPTION, CronDeletePrompt.renderPrompt()),
  },
  {
    name: "RemoteTrigger",
    gate: "AGENT_TRIGGERS_REMOTE",
    isIncluded: whenFeature("AGENT_TRIGGERS_REMOTE"),
    modules: ["src/tools/RemoteTriggerTool/"],
    texts: distinctiveTexts(RemoteTriggerPrompt.DESCRIPTION, RemoteTriggerPrompt.renderPrompt()),
  },
  {
    name: "REPL",
    gate: "USER_TYPE=internal",
    isIncluded: internalOnly,
    modules: ["src/tools/REPLTool/"],
    texts: distinctiveTexts(REPLPrompt.DESCRIPTION, REPLPrompt.renderPrompt([])),
  },
  {
    name: "Config",
    gate: "USER_TYPE=internal",
    isIncluded: internalOnly,
    modules: ["src/tools/ConfigTool/"],
    texts: distinctiveTexts(ConfigPrompt.DESCRIPTION, ConfigPrompt.renderPrompt()),
  },
];

/** The gated tools a flavor must not contain. */
export function excludedTools(flavor: Pick<Flavor, "features" | "userType">): GatedTool[] {
  return GATED_TOOLS.filter((tool) => !tool.isIncluded(flavor));
}
