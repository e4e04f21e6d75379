/**
 * toolshed as a library: the tool contract, the registry, the pipeline and the scheduler,
 * for agents that embed the tool system. `import { buildTool, assembleToolPool, runToolUse } from "toolshed"`.
 */
export {
  buildTool,
  toolResultText,
  type AnyObjectSchema,
  type AnyTool,
  type AppState,
  type AssistantMessage,
  type CanUseTool,
  type DescriptionOptions,
  type NewMessage,
  type PermissionResult,
  type PromptOptions,
  type Tool,
  type ToolDef,
  type ToolInput,
  type ToolInputJSONSchema,
  type ToolProgress,
  type ToolResult,
  type Tools,
  type ToolUseContext,
  type ToolUseOptions,
  type ValidationResult,
} from "./Tool.ts";
export { assembleToolPool, filterTools, findToolByName, getAllBaseTools, getTools } from "./tools.ts";
export { runToolUse, type RunToolUseOptions, type ToolUseBlock, type ToolUseOutcome, type ToolUseStage } from "./pipeline/runToolUse.ts";
export {
  DEFAULT_MAX_TOOL_CONCURRENCY,
  maxToolConcurrency,
  partitionToolUses,
  runTools,
  type Batch,
  type RunToolsOptions,
  type RunToolsResult,
} from "./pipeline/runTools.ts";
export { persistLargeResult, PREVIEW_CHARS } from "./pipeline/persistLargeResult.ts";
export { toolInputJSONSchema } from "./pipeline/toolInputJSONSchema.ts";
export { createToolUseContext, type CreateToolUseContextOptions } from "./context/createToolUseContext.ts";
export { FileStateCache, type FileState } from "./context/FileStateCache.ts";
export { decide, ruleMatchesWholeTool, type DecideRequest } from "./permissions/decide.ts";
export { parseRule, parseRuleText } from "./permissions/parseRule.ts";
export { matchCommandPattern } from "./permissions/matchCommandPattern.ts";
export { loadSettings, SettingsError, type LoadedSettings, type LoadSettingsOptions } from "./settings/loadSettings.ts";
export { isFolderTrusted, revokeFolder, trustFolder } from "./settings/trustStore.ts";
export { analyzeShellCommand } from "./shell/analyzeShellCommand.ts";
export { initShellParser, isReadOnlyShellCommand } from "./shell/isReadOnlyShellCommand.ts";
export type { ShellAnalysis, ShellCommandPart } from "./shell/types.ts";
export { createCanUseTool } from "./permissions/createCanUseTool.ts";
export { nonInteractiveAskHandler, type AskAnswer, type AskHandler, type AskRequest } from "./permissions/askHandler.ts";
export { createTerminalAskHandler } from "./permissions/terminalAskHandler.ts";
export {
  emptyPermissionContext,
  formatRule,
  type PartDecision,
  type PermissionDecision,
  type PermissionMode,
  type PermissionRule,
  type ToolPermissionContext,
} from "./permissions/types.ts";
export { ToolError } from "./errors/ToolError.ts";
export { ReadTool } from "./tools/ReadTool/ReadTool.ts";
export { GlobTool } from "./tools/GlobTool/GlobTool.ts";
export { WriteTool } from "./tools/WriteTool/WriteTool.ts";
export { EditTool } from "./tools/EditTool/EditTool.ts";
export { NotebookEditTool } from "./tools/NotebookEditTool/NotebookEditTool.ts";
export { LSTool } from "./tools/LSTool/LSTool.ts";
export { GrepTool } from "./tools/GrepTool/GrepTool.ts";
export { BashTool } from "./tools/BashTool/BashTool.ts";
export { TaskOutputTool } from "./tools/TaskOutputTool/TaskOutputTool.ts";
export { TaskStopTool } from "./tools/TaskStopTool/TaskStopTool.ts";
export { TaskRegistry, getTaskRegistry } from "./tasks/TaskRegistry.ts";
export { grepBuiltin } from "./search/grepBuiltin.ts";
export { grepRipgrep, findRipgrep } from "./search/grepRipgrep.ts";
export type { GrepRequest, GrepEngineResult, GrepOutputMode } from "./search/grepTypes.ts";
