/**
 * toolshed as a library: sessions, the tool contract, the registry, the pipeline and the
 * scheduler, for agents that embed the tool system.
 * `import { createSession, buildTool, runToolUse } from "toolshed"`.
 */
export { createSession, DEFAULT_MODEL, type CreateSessionOptions, type Session } from "./session/createSession.ts";
export { query, initEvent, type QueryOptions, type UserInput } from "./query/query.ts";
export type { QueryEvent, ResultEvent, AssistantEvent, UserEvent, SystemInitEvent, ApiRetryEvent, StreamEventEvent, ToolProgressEvent, PermissionDenial, CompactBoundaryEvent, ForwardedEvent } from "./query/events.ts";
export { compactConversation, type CompactConversationOptions, type CompactOutcome } from "./query/compactConversation.ts";
export { createChildAccounting } from "./query/childAccounting.ts";
export { notifyPerson, type NotificationType, type PersonNotification } from "./hooks/notifyPerson.ts";
export { runSessionEndHooks, type SessionEndReason } from "./hooks/runSessionEndHooks.ts";
export { hookScopeOf } from "./hooks/runHooks.ts";
export { createSessionWithMcp, type CreateSessionWithMcpOptions, type SessionWithMcp } from "./mcp/client/createSessionWithMcp.ts";
export { loadAgentDefinitions, findAgentDefinition, type AgentDefinitions } from "./agents/loadAgentDefinitions.ts";
export type { AgentDefinition, AgentSource } from "./agents/agentDefinition.ts";
export type { CallModel, ModelEvent, ModelRequest } from "./query/modelTypes.ts";
export { createDefaultModel, type DefaultModelOptions } from "./query/defaultModel.ts";
export { modelService, type ModelAccess } from "./query/modelAccess.ts";
export { createRunAccounting, type RunAccounting, type RunBudget } from "./query/runAccounting.ts";
export { buildSystemPrompt } from "./query/systemPrompt/buildSystemPrompt.ts";
export { readEnvironment } from "./query/systemPrompt/environmentInfo.ts";
export { readProjectInstructions } from "./query/systemPrompt/projectInstructions.ts";
export { repairConversation } from "./query/repairConversation.ts";
export { createChildContext, createTurnContext, type ChildContextOptions } from "./session/createChildContext.ts";
export { createAbortScope, type AbortScope } from "./session/abortScope.ts";
export { defineService, type ServiceKey, type ServiceScope } from "./session/serviceKey.ts";
export { ShellState } from "./session/ShellState.ts";
export type { McpConnections, McpServerStatus, SessionServices } from "./session/types.ts";
export {
  buildTool,
  hasTag,
  toolResultText,
  type AnyObjectSchema,
  type AnyTool,
  type AppState,
  type AssistantMessage,
  type CanUseTool,
  type CanUseToolRequest,
  type DescriptionOptions,
  type NewMessage,
  type PermissionResult,
  type PromptOptions,
  type Tool,
  type ToolCallOptions,
  type ToolDef,
  type ToolInput,
  type ToolInputJSONSchema,
  type ToolProgress,
  type ToolResult,
  type ToolTag,
  type Tools,
  type ToolUseContext,
  type ToolUseOptions,
  type ValidationResult,
} from "./Tool.ts";
export { assembleToolPool, filterTools, findToolByName, getAllBaseTools, getHiddenTools, getRuleFamilies, getTools } from "./tools.ts";
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
export { FileStateCache, type FileState } from "./files/FileStateCache.ts";
export { decide, ruleMatchesWholeTool, type DecideRequest } from "./permissions/decide.ts";
export { parseRule, parseRuleText } from "./permissions/parseRule.ts";
export { matchCommandPattern } from "./permissions/matchCommandPattern.ts";
export { loadSettings, SettingsError, type LoadedSettings, type LoadSettingsOptions } from "./settings/loadSettings.ts";
export { isFolderTrusted, revokeFolder, trustFolder } from "./settings/trustStore.ts";
export { analyzeShellCommand } from "./shell/analyzeShellCommand.ts";
export { initShellParser, isReadOnlyShellCommand } from "./shell/isReadOnlyShellCommand.ts";
export type { ShellAnalysis, ShellCommandPart } from "./shell/types.ts";
export { createCanUseTool } from "./permissions/createCanUseTool.ts";
export {
  askHandlerService,
  nonInteractiveAskHandler,
  type AskAnswer,
  type AskHandler,
  type AskRequest,
  type PersonQuestion,
  type QuestionAnswers,
  type QuestionOption,
  type QuestionsRequest,
} from "./permissions/askHandler.ts";
export { createTerminalAskHandler } from "./permissions/terminalAskHandler.ts";
export {
  createPermissionContext,
  formatRule,
  NO_RULE_FAMILIES,
  RULE_FAMILIES,
  type DeclaredSubject,
  type PartDecision,
  type PermissionDecision,
  type PermissionMode,
  type PermissionRule,
  type PreToolUseVerdict,
  type RuleFamilies,
  type RuleFamily,
  type ToolPermissionContext,
} from "./permissions/types.ts";
export type { HookDefinition, HookEvent } from "./hooks/types.ts";
export type { Settings } from "./settings/settingsSchema.ts";
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
export { AgentTool } from "./tools/AgentTool/AgentTool.ts";
export { TodoWriteTool } from "./tools/TodoWriteTool/TodoWriteTool.ts";
export { todoListService, TodoLists, type TodoItem } from "./tools/TodoWriteTool/todoList.ts";
export { AskUserQuestionTool } from "./tools/AskUserQuestionTool/AskUserQuestionTool.ts";
export { EnterPlanModeTool } from "./tools/EnterPlanModeTool/EnterPlanModeTool.ts";
export { ExitPlanModeTool } from "./tools/ExitPlanModeTool/ExitPlanModeTool.ts";
export { TaskRegistry } from "./tasks/TaskRegistry.ts";
export { grepBuiltin } from "./search/grepBuiltin.ts";
export { grepRipgrep, findRipgrep } from "./search/grepRipgrep.ts";
export type { GrepRequest, GrepEngineResult, GrepOutputMode } from "./search/grepTypes.ts";
