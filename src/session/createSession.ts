/**
 * The one way to a session: settings from every source (or given in memory), the permission
 * context, the tool pool, the ask handler, the hooks and the typed services, held together with
 * the root context every call of the session runs in. The CLI, the agent loop and `mcp serve`
 * all start here.
 */
import type { AnyTool, CanUseTool, Tools, ToolUseContext } from "../Tool.ts";
import { notifyingAskHandler } from "../hooks/notifyPerson.ts";
import type { HookDefinition } from "../hooks/types.ts";
import { askHandlerService, nonInteractiveAskHandler, type AskHandler } from "../permissions/askHandler.ts";
import { createCanUseTool, type CanUseToolOptions } from "../permissions/createCanUseTool.ts";
import { ruleMatchesWholeTool } from "../permissions/ruleMatchesWholeTool.ts";
import type { ToolPermissionContext } from "../permissions/types.ts";
import { combineSettingsSources, loadSettings, type LoadedSettings } from "../settings/loadSettings.ts";
import type { SessionFlags } from "../settings/sessionFlags.ts";
import type { Settings } from "../settings/settingsSchema.ts";
import { trustFolder } from "../settings/trustStore.ts";
import { assembleToolPool, getAllBaseTools, getHiddenTools, getRuleFamilies, getRuleToolNames } from "../tools.ts";
import { createAbortScope } from "./abortScope.ts";
import { MODEL_ALIASES } from "../query/modelAliases.ts";
import { createSessionServices } from "./createSessionServices.ts";
import { createToolUseContext } from "./createToolUseContext.ts";
import { newSessionDirectory } from "./sessionDirectory.ts";
import type { McpConnections, SessionServices } from "./types.ts";

/** The model a session uses when nothing names one: the newest Sonnet (what the `sonnet` alias names). */
export const DEFAULT_MODEL: string = MODEL_ALIASES.sonnet;

/** How a caller wants its session; everything has a default. */
export interface CreateSessionOptions {
  cwd?: string;
  /** The session flags of the command line (`--settings`, `--allowedTools`, ...). */
  flags?: SessionFlags;
  /** Settings given in memory: used instead of every settings file (for embedding and tests). */
  settings?: Settings;
  /**
   * The pool: instead of the registry's (for tests), or made from it (`(pool) => [...pool, MyTool]`
   * for an embedding agent). Whole-tool denies apply either way.
   */
  tools?: Tools | ((defaultPool: Tools) => Tools);
  /** Tools the model is not given but that tools hosting others (REPL) may reach; with `tools` only. */
  hiddenTools?: Tools;
  /** Hooks beyond those in the settings (for embedding and tests). */
  hooks?: readonly HookDefinition[];
  /** MCP tools to add after the built-ins, and the connections they came from. */
  mcpTools?: Tools;
  mcp?: McpConnections;
  /** Who answers permission questions; nobody (every question is a deny) by default. */
  askHandler?: AskHandler;
  /** True when nobody can answer; a function is asked only when a question comes up. */
  isNonInteractive?: boolean | (() => boolean);
  /** Asks the person whether to trust the folder; only called in interactive sessions. */
  askTrust?: (skipped: readonly string[]) => Promise<boolean>;
  /** Where warnings go (standard error); silent when unset. */
  warn?: (text: string) => void;
  onProgress?: ToolUseContext["onProgress"];
  /** Where "always" answers save their rules. */
  saveRules?: CanUseToolOptions["saveRules"];
  sessionId?: string;
  sessionDirectory?: string;
  model?: string;
}

/** A running session. */
export interface Session {
  readonly id: string;
  readonly cwd: string;
  /** The settings as loaded: merged values, sources, warnings, what trust skipped. */
  readonly loaded: LoadedSettings;
  /** The pool as it is now (MCP servers' tools come and go with their lists). */
  readonly tools: Tools;
  /**
   * Replaces the MCP tools of the pool (a server's list changed): the built-ins stay, whole-tool
   * denies still apply, and the next request of every turn sees the new pool.
   */
  setMcpTools(tools: Tools): void;
  readonly askHandler: AskHandler;
  readonly canUseTool: CanUseTool;
  readonly hooks: readonly HookDefinition[];
  readonly services: SessionServices;
  /** The root context: every turn and call of the session runs under its abort scope. */
  readonly context: ToolUseContext;
  /** The permission context as it is now (answers of "always" add rules to it). */
  permissionContext(): ToolPermissionContext;
  /** Stops everything the session started (background tasks, MCP servers) and aborts what runs. */
  close(): Promise<void>;
}

/** The names rules may use: the registry's, the caller's own tools and the MCP tools given. */
function ruleToolNames(options: CreateSessionOptions): string[] {
  const registry = getAllBaseTools();
  const given = typeof options.tools === "function" ? options.tools(registry) : options.tools ?? [];
  return getRuleToolNames([...registry, ...given, ...(options.mcpTools ?? [])]);
}

function readSettings(options: CreateSessionOptions, cwd: string, trusted?: boolean): LoadedSettings {
  const families = getRuleFamilies();
  const toolNames = ruleToolNames(options);
  if (options.settings !== undefined) {
    const source = { source: "session" as const, where: "the session's own settings", settings: options.settings, baseDirectory: cwd };
    return combineSettingsSources({ sources: [source], trusted: true, families, toolNames });
  }
  return loadSettings({ cwd, flags: options.flags, families, toolNames, trusted });
}

async function settleTrust(options: CreateSessionOptions, cwd: string, loaded: LoadedSettings, isNonInteractive: () => boolean): Promise<LoadedSettings> {
  if (loaded.skippedUntrusted.length === 0 || options.askTrust === undefined || isNonInteractive()) return loaded;
  if (!(await options.askTrust(loaded.skippedUntrusted))) return loaded;
  trustFolder(cwd);
  return readSettings(options, cwd, true);
}

function reportSettings(loaded: LoadedSettings, cwd: string, warn: ((text: string) => void) | undefined): void {
  for (const warning of loaded.warnings) warn?.(`toolshed: warning: ${warning}\n`);
  if (loaded.skippedUntrusted.length === 0) return;
  warn?.(`toolshed: this folder is not trusted, so these project settings were skipped:\n` +
    `${loaded.skippedUntrusted.map((item) => `  - ${item}`).join("\n")}\n` +
    `Run "toolshed trust" in ${cwd} to apply them.\n`);
}

/** The pool: the registry's (or the given tools, in their order), minus whole-tool denies, then the MCP tools. */
function poolFor(options: CreateSessionOptions, permissionContext: ToolPermissionContext): AnyTool[] {
  const registry = assembleToolPool(permissionContext, options.mcpTools ?? []);
  if (options.tools === undefined) return registry;
  const given = typeof options.tools === "function" ? options.tools(registry) : [...options.tools, ...(options.mcpTools ?? [])];
  const denied = (tool: AnyTool) => permissionContext.rules.some((rule) => rule.behavior === "deny" && ruleMatchesWholeTool(rule, tool));
  return given.filter((tool) => !denied(tool) && tool.isEnabled());
}

/** Builds a session. Throws SettingsError when a managed or command-line settings file is bad. */
export async function createSession(options: CreateSessionOptions = {}): Promise<Session> {
  const cwd = options.cwd ?? process.cwd();
  const askHandler = options.askHandler ?? nonInteractiveAskHandler;
  const nonInteractive = options.isNonInteractive ?? !askHandler.interactive;
  const isNonInteractive = () => (typeof nonInteractive === "function" ? nonInteractive() : nonInteractive);
  const loaded = await settleTrust(options, cwd, readSettings(options, cwd), isNonInteractive);
  reportSettings(loaded, cwd, options.warn);

  const id = options.sessionId ?? crypto.randomUUID();
  const sessionDirectory = options.sessionDirectory ?? newSessionDirectory(id);
  const permissionContext = loaded.permissionContext;
  const owned = createSessionServices({ cwd, sessionDirectory }, options.mcp);
  const scope = createAbortScope();
  let tools = poolFor(options, permissionContext);
  const hooks = [...loaded.hooks, ...(options.hooks ?? [])];
  const context = createToolUseContext({
    tools: () => tools,
    hiddenTools: options.hiddenTools ?? (typeof options.tools === "object" ? [] : getHiddenTools(permissionContext)),
    cwd,
    workingDirectories: [cwd],
    appState: { toolPermissionContext: permissionContext, settings: loaded.settings },
    services: owned.services,
    hooks,
    isNonInteractive,
    model: options.model ?? loaded.settings.model ?? process.env.TOOLSHED_MODEL ?? DEFAULT_MODEL,
    sessionId: id,
    sessionDirectory,
    abortController: scope.controller,
    onProgress: options.onProgress,
    onWarning: options.warn === undefined ? undefined : (text) => options.warn?.(`toolshed: warning: ${text}\n`),
  });
  // Every question a person is asked also fires the Notification hooks, also those tools ask through the service.
  const asking = notifyingAskHandler(askHandler, context);
  owned.services.provide(askHandlerService, asking);
  let closed: Promise<void> | undefined;
  return {
    id,
    cwd,
    loaded,
    get tools() {
      return tools;
    },
    setMcpTools(mcpTools) {
      tools = poolFor({ ...options, mcpTools }, context.getAppState().toolPermissionContext);
    },
    askHandler: asking,
    canUseTool: createCanUseTool(asking, { saveRules: options.saveRules }),
    hooks,
    services: owned.services,
    context,
    permissionContext: () => context.getAppState().toolPermissionContext,
    close() {
      closed ??= (async () => {
        scope.controller.abort();
        await owned.close();
      })();
      return closed;
    },
  };
}
