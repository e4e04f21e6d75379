/**
 * The one contract every tool fulfils, and the factory that gives each tool fail-closed defaults.
 * Built-in tools, MCP tools and gated tools all pass through `buildTool()`; the pipeline only
 * ever talks to a `Tool`, never to a specific tool by name.
 */
import type { z } from "zod";
import type {
  ContentBlockParam,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { FileStateCache } from "./context/FileStateCache.ts";
import type { PermissionDecision, ToolPermissionContext } from "./permissions/types.ts";

/** Any Zod schema whose output is a plain object: every tool's input is an object. */
export type AnyObjectSchema = z.ZodType<{ [key: string]: unknown }>;

/** The parsed input a tool receives, inferred from its schema. */
export type ToolInput<Schema extends AnyObjectSchema> = z.infer<Schema>;

/** The JSON Schema object the Messages API receives as `input_schema`. */
export interface ToolInputJSONSchema {
  type: "object";
  properties?: Record<string, unknown>;
  required?: string[];
  [key: string]: unknown;
}

/** Outcome of a tool's own pre-flight check; a failure tells the model what to fix. */
export type ValidationResult = { result: true } | { result: false; message: string };

/**
 * A tool's own view on whether a call may run. `passthrough` means "no opinion":
 * the general engine decides.
 */
export type PermissionResult =
  | { behavior: "allow"; reason?: string }
  | { behavior: "ask"; reason: string }
  | { behavior: "deny"; reason: string }
  | { behavior: "passthrough" };

/** The assistant message that carried the tool_use block, when there is one. */
export interface AssistantMessage {
  id?: string;
  content: unknown[];
}

/** A progress event a running tool reports (a line of output, a percentage, ...). */
export interface ToolProgress<Progress> {
  toolUseId: string;
  data: Progress;
}

/** Extra messages a tool adds to the conversation after its result. */
export interface NewMessage {
  role: "user" | "assistant";
  content: string | ContentBlockParam[];
}

/** What `Tool.call` returns. */
export interface ToolResult<Output> {
  data: Output;
  newMessages?: NewMessage[];
  /** Applied only for tools that are not concurrency-safe, in call order. */
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
}

/** State that outlives one call and may be changed by tools and the session. */
export interface AppState {
  toolPermissionContext: ToolPermissionContext;
  /** The effective settings (all sources merged), for tools that read settings keys. */
  settings?: { [key: string]: unknown };
  [key: string]: unknown;
}

/** Options that shape what tools see of the session. */
export interface ToolUseOptions {
  /** The pool of tools the model was given for this turn. */
  tools: Tools;
  /** The model's name, for tools that adapt their text. */
  model: string;
  /** True when nobody can answer a permission prompt. */
  isNonInteractive: boolean;
}

/** The one dependency container handed to every stage of a call. */
export interface ToolUseContext {
  options: ToolUseOptions;
  abortController: AbortController;
  /** What each file looked like when it was last read, keyed by absolute path. */
  readFileState: FileStateCache;
  getAppState(): AppState;
  setAppState(update: (previous: AppState) => AppState): void;
  /** The working folder tools resolve relative paths against. */
  cwd: string;
  /** Every folder counted as "inside" (the working folder first). */
  workingDirectories: readonly string[];
  /** Where oversized results and other session files go. */
  sessionDirectory: string;
  agentId: string;
  onProgress?: (progress: ToolProgress<unknown>) => void;
  addNotification?: (text: string) => void;
}

/** Asks the permission engine (and, when it asks, the person) whether a call may run. */
export type CanUseTool = (
  tool: AnyTool,
  input: { [key: string]: unknown },
  context: ToolUseContext,
) => Promise<PermissionDecision>;

/** What a tool may know when it writes its prompt: the rest of the pool. */
export interface PromptOptions {
  tools: Tools;
}

/** What a tool may know when it describes one call for people. */
export interface DescriptionOptions {
  isNonInteractive: boolean;
}

/** Every tool, built-in or MCP, seen from the pipeline. */
export interface Tool<
  Input extends AnyObjectSchema = AnyObjectSchema,
  Output = unknown,
  Progress = unknown,
> {
  readonly name: string;
  readonly aliases?: readonly string[];
  /** A few words ToolSearch matches against when the tool is deferred. */
  readonly searchHint?: string;
  readonly inputSchema: Input;
  /** Given by MCP tools: the server's schema, sent to the API as it is. */
  readonly inputJSONSchema?: ToolInputJSONSchema;
  readonly outputSchema?: z.ZodType<Output>;
  /** Larger results are saved to a file and the model gets a path and a preview. */
  readonly maxResultSizeChars: number;
  /** Loaded only when searched for (deferred) / always sent in full. */
  readonly shouldDefer?: boolean;
  readonly alwaysLoad?: boolean;
  /** True for tools that come from an MCP server. */
  readonly isMcp?: boolean;

  call(
    args: ToolInput<Input>,
    context: ToolUseContext,
    canUseTool: CanUseTool,
    parentMessage: AssistantMessage | undefined,
    /** Reports progress of this call; the pipeline tags it with the tool_use id. */
    onProgress?: (data: Progress) => void,
  ): Promise<ToolResult<Output>>;
  /** A short description of this particular call, for people. */
  description(input: ToolInput<Input>, options: DescriptionOptions): Promise<string>;
  /** The text the model reads about the tool (the API's `description`). */
  prompt(options: PromptOptions): Promise<string>;
  checkPermissions(input: ToolInput<Input>, context: ToolUseContext): Promise<PermissionResult>;
  validateInput?(input: ToolInput<Input>, context: ToolUseContext): Promise<ValidationResult>;
  isConcurrencySafe(input: ToolInput<Input>): boolean;
  isReadOnly(input: ToolInput<Input>): boolean;
  isDestructive(input: ToolInput<Input>): boolean;
  isEnabled(): boolean;
  /** What a new user message does to a running call: cancel it, or wait for it. */
  interruptBehavior(): "cancel" | "block";
  /** The file or folder this call touches, for permission rules and display. */
  getPath?(input: ToolInput<Input>): string | undefined;
  userFacingName(input: Partial<ToolInput<Input>> | undefined): string;
  getToolUseSummary?(input: Partial<ToolInput<Input>> | undefined): string | null;
  mapToolResultToToolResultBlockParam(output: Output, toolUseId: string): ToolResultBlockParam;
  /** Plain text for a terminal (no colour codes); what `toolshed run` prints. */
  renderResultForTerminal(output: Output): string;
}

/** The defaults `buildTool` fills; everything else a tool must say itself. */
type DefaultedKey =
  | "isEnabled"
  | "isConcurrencySafe"
  | "isReadOnly"
  | "isDestructive"
  | "checkPermissions"
  | "userFacingName"
  | "interruptBehavior"
  | "renderResultForTerminal";

/** What a tool author writes: the contract with the defaulted members optional. */
export type ToolDef<Input extends AnyObjectSchema, Output, Progress = unknown> = Omit<
  Tool<Input, Output, Progress>,
  DefaultedKey
> &
  Partial<Pick<Tool<Input, Output, Progress>, DefaultedKey>>;

/** Text of a tool_result block's content, for terminal output. */
export function toolResultText(block: ToolResultBlockParam): string {
  const content = block.content;
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .map((part) => (part.type === "text" ? part.text : `[${part.type}]`))
    .join("\n");
}

/**
 * Makes a Tool from a definition. Defaults fail closed: a tool is enabled, but not
 * concurrency-safe, not read-only, and (conservatively) not marked destructive; its
 * permission check defers to the general engine.
 */
export function buildTool<Input extends AnyObjectSchema, Output, Progress = unknown>(
  def: ToolDef<Input, Output, Progress>,
): Tool<Input, Output, Progress> {
  return {
    isEnabled: () => true,
    isConcurrencySafe: () => false,
    isReadOnly: () => false,
    isDestructive: () => false,
    checkPermissions: async () => ({ behavior: "passthrough" }),
    userFacingName: () => def.name,
    interruptBehavior: () => "block",
    renderResultForTerminal(output: Output) {
      return toolResultText(def.mapToolResultToToolResultBlockParam(output, "terminal"));
    },
    ...def,
  };
}

/** A tool with its input type erased, as the registry and pipeline hold it. */
// biome-ignore lint: the pool holds tools of many input types.
export type AnyTool = Tool<any, any, any>;

/** A list of tools, in pool order. */
export type Tools = readonly AnyTool[];
