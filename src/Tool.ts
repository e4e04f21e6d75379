/**
 * The one contract every tool fulfils, and the factory that gives each tool fail-closed defaults.
 * Built-in tools, MCP tools and gated tools all pass through `buildTool()`; the pipeline, the
 * permission engine and the pool filters only ever read what a tool declares about itself
 * (subjects, tags, capabilities), never its name.
 */
import type { ContentBlockParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { $ZodType, output } from "zod/v4/core";
import type { HookDefinition } from "./hooks/types.ts";
import type { DeclaredSubject, PermissionDecision, PreToolUseVerdict, RuleFamily, ToolPermissionContext } from "./permissions/types.ts";
import type { Settings } from "./settings/settingsSchema.ts";
import type { SessionServices } from "./session/types.ts";

/** Any Zod schema (classic or mini) whose output is a plain object: every tool's input is an object. */
export type AnyObjectSchema = $ZodType<{ [key: string]: unknown }>;

/** The parsed input a tool receives, inferred from its schema. */
export type ToolInput<Schema extends AnyObjectSchema> = output<Schema>;

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
  | {
    behavior: "ask";
    reason: string;
    /** Only an allow rule naming this call's subject (`WebFetch(domain:10.0.0.5)`) answers it; a rule allowing the whole tool does not. */
    specificRuleOnly?: boolean;
    /**
     * With specificRuleOnly: the call learned something no earlier question showed (where a name
     * leads), so a rule saved from a person's answer does not answer it, only one written in
     * settings or on the command line; and an answer to this question holds for this call only.
     */
    writtenRulesOnly?: boolean;
  }
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
  /**
   * The one way a call changes session state it does not own: the scheduler applies modifiers in
   * call order (for a batch of concurrency-safe calls, after the whole batch).
   */
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
}

/** State that outlives one call: the permission context and the effective settings. */
export interface AppState {
  toolPermissionContext: ToolPermissionContext;
  /** The effective settings (every source merged). */
  settings: Settings;
}

/** Options that shape what tools see of the session. */
export interface ToolUseOptions {
  /** The pool of tools the model was given for this turn. */
  tools: Tools;
  /** Tools of the session the model is not given directly (REPL mode): reachable by tools that host others. */
  hiddenTools: Tools;
  /** The model's name, for tools that adapt their text. */
  model: string;
  /** True when nobody can answer a permission prompt. */
  isNonInteractive: boolean;
}

/** The one dependency container handed to every stage of a call. */
export interface ToolUseContext {
  readonly options: ToolUseOptions;
  /** The turn's abort scope; each call runs under a scope of its own below it. */
  readonly abortController: AbortController;
  /** The session's typed services (tasks, shell folder, file state, MCP connections, ...). */
  readonly services: SessionServices;
  /** The hooks that run as pipeline stages (PreToolUse, PostToolUse). */
  readonly hooks: readonly HookDefinition[];
  getAppState(): AppState;
  setAppState(update: (previous: AppState) => AppState): void;
  /** The working folder tools resolve relative paths against. */
  readonly cwd: string;
  /** Every folder counted as "inside" (the working folder first). */
  readonly workingDirectories: readonly string[];
  /** Where oversized results and other session files go. */
  readonly sessionDirectory: string;
  readonly sessionId: string;
  /** The agent this context belongs to: the session's own, or a sub-agent's. */
  readonly agentId: string;
  /** How many sub-agents deep this context is: 0 (or absent) for the session's own agent. */
  readonly agentDepth?: number;
  /** Receives the progress of every call of the context. */
  readonly onProgress?: (progress: ToolProgress<unknown>) => void;
  /** Receives warnings meant for the person (a hook that failed), one line each. */
  readonly onWarning?: (text: string) => void;
}

/** One permission question: the call, where it runs, and what the PreToolUse hooks said. */
export interface CanUseToolRequest {
  tool: AnyTool;
  input: { [key: string]: unknown };
  context: ToolUseContext;
  /** Aborts a question a person is answering (the call's own scope). */
  signal?: AbortSignal;
  hookVerdict?: PreToolUseVerdict;
}

/**
 * Asks the permission engine (and, when it asks, the person) whether a call may run. The engine's
 * own also says, before the tool's validateInput, whether a deny rule refuses the call outright:
 * the pipeline then skips the tool's checks, which could otherwise tell the model whether a path
 * it may not touch exists (the call is still denied by the one decision after the hooks).
 */
export type CanUseTool = ((request: CanUseToolRequest) => Promise<PermissionDecision>) & {
  deniedByRule?: (request: Pick<CanUseToolRequest, "tool" | "input" | "context">) => Promise<PermissionDecision | undefined>;
};

/** Everything one call receives besides its input. */
export interface ToolCallOptions<Progress = unknown> {
  context: ToolUseContext;
  toolUseId: string;
  /** Aborted when this call is interrupted (its turn, or it alone). */
  signal: AbortSignal;
  /** Reports progress of this call; the pipeline tags it with the tool_use id. */
  onProgress: (data: Progress) => void;
  parentMessage?: AssistantMessage;
  /** For tools that run other tools (REPL, sub-agents): the same permission path. */
  canUseTool: CanUseTool;
}

/** What a tool may know when it writes its prompt: the rest of the pool, and the session when there is one. */
export interface PromptOptions {
  tools: Tools;
  hiddenTools?: Tools;
  /** The session's services, for tools whose text lists what the session has (agent types, skills). */
  services?: SessionServices;
}

/** What a tool may know when it describes one call for people. */
export interface DescriptionOptions {
  isNonInteractive: boolean;
}

/**
 * What the pool filters read: `simple` tools stay in simple mode; `primitive` tools leave the
 * model's pool in REPL mode; a `hostsTools` tool reaches the hidden ones; `mcp` tools came from
 * an MCP server; `mainAgentOnly` tools talk with the person or steer the session (questions,
 * plan mode), so sub-agents are not given them; a `loadsTools` tool loads the definitions of
 * deferred tools (so tools are deferred only when one is in the pool, and it never is).
 */
export type ToolTag = "simple" | "primitive" | "hostsTools" | "mcp" | "mainAgentOnly" | "loadsTools";

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
  /** Larger results are saved to a file and the model gets a path and a preview. */
  readonly maxResultSizeChars: number;
  /**
   * Sent to the model by name only until a `loadsTools` tool loads it, once the pool's deferrable
   * tools pass a threshold. MCP tools are deferrable unless this is false; built-ins only when true.
   */
  readonly shouldDefer?: boolean;
  /** The family of rules this tool's name stands for (see RuleFamily). */
  readonly ruleFamily?: RuleFamily;
  readonly tags: readonly ToolTag[];

  call(input: ToolInput<Input>, options: ToolCallOptions<Progress>): Promise<ToolResult<Output>>;
  /** A short description of this particular call, for people. */
  description(input: ToolInput<Input>, options: DescriptionOptions): Promise<string>;
  /** The text the model reads about the tool (the API's `description`). */
  prompt(options: PromptOptions): Promise<string>;
  /** What this call touches: shell commands, paths, addresses, named things. */
  permissionSubjects(input: ToolInput<Input>): readonly DeclaredSubject[];
  /**
   * Other tool names whose whole-tool rules judge this call too, as if it were theirs (reading an
   * MCP server's resources: `mcp__db__*`, so `mcp__db` and `mcp__db__*` rules cover it).
   */
  ruleNamesFor?(input: ToolInput<Input>, context: ToolUseContext): readonly string[];
  checkPermissions(input: ToolInput<Input>, context: ToolUseContext): Promise<PermissionResult>;
  validateInput?(input: ToolInput<Input>, context: ToolUseContext): Promise<ValidationResult>;
  /**
   * Why the call could not be made even if the person said yes (a file it would change was not
   * read yet): asked only once the engine has decided to ask, so it says nothing about a call a
   * rule denies. The question is then not put, and the call ends with this as a validation error.
   */
  beforeAsking?(input: ToolInput<Input>, context: ToolUseContext): Promise<string | undefined>;
  isConcurrencySafe(input: ToolInput<Input>): boolean;
  isReadOnly(input: ToolInput<Input>): boolean;
  isDestructive(input: ToolInput<Input>): boolean;
  isEnabled(): boolean;
  /** What a new user message does to a running call: cancel it, or wait for it. */
  interruptBehavior(): "cancel" | "block";
  userFacingName(input: Partial<ToolInput<Input>> | undefined): string;
  getToolUseSummary?(input: Partial<ToolInput<Input>> | undefined): string | null;
  /** The file change this call would make, for the person asked to approve it; undefined when it cannot tell. */
  previewChange?(input: ToolInput<Input>): Promise<ProposedFileChange | undefined>;
  mapToolResultToToolResultBlockParam(output: Output, toolUseId: string): ToolResultBlockParam;
  /** Plain text for a terminal (no colour codes); what `toolshed run` prints. */
  renderResultForTerminal(output: Output): string;
  /**
   * Set when the person should see the result itself, not the model's note about it (a todo
   * list): the interactive terminal then shows up to this many lines of renderResultForTerminal
   * under the call, instead of the first few lines of what the model was told.
   */
  terminalResultLines?: number;
}

/** A change to one file as a call would make it: the text before (undefined for a new file) and after. */
export interface ProposedFileChange {
  path: string;
  before: string | undefined;
  after: string;
}

/** The defaults `buildTool` fills; everything else a tool must say itself. */
type DefaultedKey =
  | "isEnabled"
  | "isConcurrencySafe"
  | "isReadOnly"
  | "isDestructive"
  | "checkPermissions"
  | "permissionSubjects"
  | "userFacingName"
  | "interruptBehavior"
  | "renderResultForTerminal"
  | "tags";

/** What a tool author writes: the contract with the defaulted members optional, and plain text (or a plain function) allowed for description and prompt. */
export type ToolDef<Input extends AnyObjectSchema, Output, Progress = unknown> = Omit<
  Tool<Input, Output, Progress>,
  DefaultedKey | "description" | "prompt" | "inputSchema"
> &
  Partial<Pick<Tool<Input, Output, Progress>, DefaultedKey>> & {
    /** The schema, or a function that builds it on first use (start-up never pays for unused schemas). */
    inputSchema: Input | (() => Input);
    description: string | Tool<Input, Output, Progress>["description"];
    /** The text, or a function that writes it (called when the prompt is needed, not at start-up). */
    prompt: string | ((options: PromptOptions) => string | Promise<string>);
  };

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
 * concurrency-safe, not read-only, and (conservatively) not marked destructive; it declares no
 * subjects (so the call as a whole is judged, and asks unless read-only), and its permission
 * check defers to the general engine.
 */
export function buildTool<Input extends AnyObjectSchema, Output, Progress = unknown>(
  def: ToolDef<Input, Output, Progress>,
): Tool<Input, Output, Progress> {
  const { description, prompt, inputSchema, ...rest } = def;
  const tool: Tool<Input, Output, Progress> = {
    isEnabled: () => true,
    isConcurrencySafe: () => false,
    isReadOnly: () => false,
    isDestructive: () => false,
    checkPermissions: async () => ({ behavior: "passthrough" }),
    permissionSubjects: () => [],
    userFacingName: () => def.name,
    interruptBehavior: () => "block",
    renderResultForTerminal(output: Output) {
      return toolResultText(def.mapToolResultToToolResultBlockParam(output, "terminal"));
    },
    tags: [],
    ...rest,
    description: typeof description === "string" ? async () => description : description,
    prompt: typeof prompt === "string" ? async () => prompt : async (options: PromptOptions) => prompt(options),
    inputSchema: typeof inputSchema === "function" ? (undefined as unknown as Input) : inputSchema,
  };
  if (typeof inputSchema === "function") {
    let built: Input | undefined;
    Object.defineProperty(tool, "inputSchema", { enumerable: true, get: () => (built ??= inputSchema()) });
  }
  return tool;
}

/** True when the tool carries `tag`. */
export function hasTag(tool: Pick<AnyTool, "tags">, tag: ToolTag): boolean {
  return tool.tags.includes(tag);
}

/** A tool with its input type erased, as the registry and pipeline hold it. */
// biome-ignore lint: the pool holds tools of many input types.
export type AnyTool = Tool<any, any, any>;

/** A list of tools, in pool order. */
export type Tools = readonly AnyTool[];
