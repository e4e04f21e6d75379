/**
 * The registry: the one list of every tool in this build, and the pool the model sees.
 * Gated tools enter only through `feature()` conditions (see architecture.md), so a flavor
 * that does not enable a flag has no trace of the tool.
 */
import { feature } from "bun:bundle";
import { hasTag, type AnyTool, type Tools } from "./Tool.ts";
import { ruleMatchesWholeTool } from "./permissions/ruleMatchesWholeTool.ts";
import type { PermissionRule, RuleFamilies, RuleFamily, ToolPermissionContext } from "./permissions/types.ts";
import { GlobTool } from "./tools/GlobTool/GlobTool.ts";
import { ReadTool } from "./tools/ReadTool/ReadTool.ts";
import { EditTool } from "./tools/EditTool/EditTool.ts";
import { WriteTool } from "./tools/WriteTool/WriteTool.ts";
import { GrepTool } from "./tools/GrepTool/GrepTool.ts";
import { BashTool } from "./tools/BashTool/BashTool.ts";
import { TaskOutputTool } from "./tools/TaskOutputTool/TaskOutputTool.ts";
import { TaskStopTool } from "./tools/TaskStopTool/TaskStopTool.ts";
import { LSTool } from "./tools/LSTool/LSTool.ts";
import { NotebookEditTool } from "./tools/NotebookEditTool/NotebookEditTool.ts";
import { AgentTool } from "./tools/AgentTool/AgentTool.ts";
import { TodoWriteTool } from "./tools/TodoWriteTool/TodoWriteTool.ts";
import { AskUserQuestionTool } from "./tools/AskUserQuestionTool/AskUserQuestionTool.ts";
import { EnterPlanModeTool } from "./tools/EnterPlanModeTool/EnterPlanModeTool.ts";
import { ExitPlanModeTool } from "./tools/ExitPlanModeTool/ExitPlanModeTool.ts";
import { ListMcpResourcesTool } from "./tools/ListMcpResourcesTool/ListMcpResourcesTool.ts";
import { ReadMcpResourceTool } from "./tools/ReadMcpResourceTool/ReadMcpResourceTool.ts";
import { WebFetchTool } from "./tools/WebFetchTool/WebFetchTool.ts";
import { WebSearchTool } from "./tools/WebSearchTool/WebSearchTool.ts";
import { ToolSearchTool } from "./tools/ToolSearchTool/ToolSearchTool.ts";
import { SkillTool } from "./tools/SkillTool/SkillTool.ts";

export { filterTools, findToolByName, toolMatchesName } from "./findToolByName.ts";

// Gated tools (see architecture.md, "Compile-time gates"): each is loaded with require() behind a
// feature() or build-time USER_TYPE condition, so a flavor without the gate has no trace of it.
const SleepTool = feature("PROACTIVE") || feature("KAIROS")
  ? (require("./tools/SleepTool/SleepTool.ts") as typeof import("./tools/SleepTool/SleepTool.ts")).SleepTool
  : null;
const MonitorTool = feature("MONITOR_TOOL")
  ? (require("./tools/MonitorTool/MonitorTool.ts") as typeof import("./tools/MonitorTool/MonitorTool.ts")).MonitorTool
  : null;
const CronCreateTool = feature("AGENT_TRIGGERS")
  ? (require("./tools/CronCreateTool/CronCreateTool.ts") as typeof import("./tools/CronCreateTool/CronCreateTool.ts")).CronCreateTool
  : null;
const CronListTool = feature("AGENT_TRIGGERS")
  ? (require("./tools/CronListTool/CronListTool.ts") as typeof import("./tools/CronListTool/CronListTool.ts")).CronListTool
  : null;
const CronDeleteTool = feature("AGENT_TRIGGERS")
  ? (require("./tools/CronDeleteTool/CronDeleteTool.ts") as typeof import("./tools/CronDeleteTool/CronDeleteTool.ts")).CronDeleteTool
  : null;
const RemoteTriggerTool = feature("AGENT_TRIGGERS_REMOTE")
  ? (require("./tools/RemoteTriggerTool/RemoteTriggerTool.ts") as typeof import("./tools/RemoteTriggerTool/RemoteTriggerTool.ts")).RemoteTriggerTool
  : null;
const REPLTool = process.env.USER_TYPE === "internal"
  ? (require("./tools/REPLTool/REPLTool.ts") as typeof import("./tools/REPLTool/REPLTool.ts")).REPLTool
  : null;
const ConfigTool = process.env.USER_TYPE === "internal"
  ? (require("./tools/ConfigTool/ConfigTool.ts") as typeof import("./tools/ConfigTool/ConfigTool.ts")).ConfigTool
  : null;

/** The gated tools this build contains. */
const GATED_TOOLS: AnyTool[] = [
  SleepTool, MonitorTool, CronCreateTool, CronListTool, CronDeleteTool, RemoteTriggerTool, REPLTool, ConfigTool,
].filter((tool) => tool !== null);

/** Every tool that exists in this build, enabled or not. */
export function getAllBaseTools(): AnyTool[] {
  return [
    ReadTool, GlobTool, WriteTool, EditTool, GrepTool, BashTool, TaskOutputTool, TaskStopTool, LSTool, NotebookEditTool,
    AgentTool, TodoWriteTool, AskUserQuestionTool, EnterPlanModeTool, ExitPlanModeTool, ListMcpResourcesTool, ReadMcpResourceTool,
    WebFetchTool, WebSearchTool, ToolSearchTool, SkillTool,
    ...GATED_TOOLS,
  ];
}

/** Every name a rule may use for `tools` (this build's by default): names and aliases. */
export function getRuleToolNames(tools: Tools = getAllBaseTools()): string[] {
  return [...new Set(tools.flatMap((tool) => [tool.name, ...(tool.aliases ?? [])]))];
}

/** Which tool names stand for which rule family, read off the tools' declarations. */
export function getRuleFamilies(tools: Tools = getAllBaseTools()): RuleFamilies {
  const families: Record<RuleFamily, string[]> = { readPaths: [], writePaths: [], shellCommands: [], urls: [] };
  for (const tool of tools) if (tool.ruleFamily !== undefined) families[tool.ruleFamily].push(tool.name, ...(tool.aliases ?? []));
  return families;
}

function isOn(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

function isDeniedWhole(tool: AnyTool, rules: readonly PermissionRule[]): boolean {
  return rules.some((rule) => rule.behavior === "deny" && ruleMatchesWholeTool(rule, tool));
}

function byName(a: AnyTool, b: AnyTool): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The built-in tools this session may use: minus whole-tool denies and disabled tools; in simple
 *  mode (`TOOLSHED_SIMPLE=1`) only the tools tagged `simple`. */
function getEnabledTools(permissionContext: ToolPermissionContext): AnyTool[] {
  const simple = isOn(process.env.TOOLSHED_SIMPLE);
  return getAllBaseTools().filter(
    (tool) => (!simple || hasTag(tool, "simple")) && !isDeniedWhole(tool, permissionContext.rules) && tool.isEnabled(),
  );
}

/**
 * REPL mode (`TOOLSHED_REPL_MODE=1`): when a tool that hosts others is there to reach them, the
 * `primitive` tools leave what the model is given and become hidden tools, sorted by name.
 */
export function splitForReplMode(tools: readonly AnyTool[]): { shown: AnyTool[]; hidden: AnyTool[] } {
  const on = isOn(process.env.TOOLSHED_REPL_MODE) && tools.some((tool) => hasTag(tool, "hostsTools"));
  if (!on) return { shown: [...tools], hidden: [] };
  return { shown: tools.filter((tool) => !hasTag(tool, "primitive")), hidden: tools.filter((tool) => hasTag(tool, "primitive")).sort(byName) };
}

/** The built-in tools the model is given: in REPL mode, without the `primitive` ones. */
export function getTools(permissionContext: ToolPermissionContext): AnyTool[] {
  return splitForReplMode(getEnabledTools(permissionContext)).shown;
}

/** The built-in tools REPL mode keeps from the model: reachable only through a tool that hosts others. */
export function getHiddenTools(permissionContext: ToolPermissionContext): AnyTool[] {
  return splitForReplMode(getEnabledTools(permissionContext)).hidden;
}

/**
 * The pool sent to the model: built-ins sorted by name as one contiguous prefix, then MCP tools
 * sorted by name. On a name clash the built-in wins. The order is the prompt cache's key, so it
 * depends only on the names.
 */
export function assembleToolPool(permissionContext: ToolPermissionContext, mcpTools: Tools = []): AnyTool[] {
  const builtIns = getTools(permissionContext).sort(byName);
  const taken = new Set(builtIns.map((tool) => tool.name));
  const mcp = [...mcpTools]
    .filter((tool) => !isDeniedWhole(tool, permissionContext.rules) && tool.isEnabled())
    .sort(byName)
    .filter((tool) => {
      if (taken.has(tool.name)) return false;
      taken.add(tool.name);
      return true;
    });
  return [...builtIns, ...mcp];
}

export type { Tools };
