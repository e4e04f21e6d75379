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
export { decide, type DecideRequest } from "./permissions/decide.ts";
export { createCanUseTool } from "./permissions/createCanUseTool.ts";
export { nonInteractiveAskHandler, type AskAnswer, type AskHandler, type AskRequest } from "./permissions/askHandler.ts";
export { createTerminalAskHandler } from "./permissions/terminalAskHandler.ts";
export {
  emptyPermissionContext,
  type PermissionDecision,
  type PermissionMode,
  type PermissionRule,
  type ToolPermissionContext,
} from "./permissions/types.ts";
export { ToolError } from "./errors/ToolError.ts";
export { ReadTool } from "./tools/ReadTool/ReadTool.ts";
export { GlobTool } from "./tools/GlobTool/GlobTool.ts";
