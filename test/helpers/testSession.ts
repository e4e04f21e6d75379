/**
 * Sessions for tests: a real session (createSession) over a real temporary folder, with the
 * rules, mode and pool a test asks for and nothing read from the machine's settings files.
 */
import { toolResultText, type Tools, type ToolUseContext } from "../../src/Tool.ts";
import type { HookDefinition } from "../../src/hooks/types.ts";
import { nonInteractiveAskHandler, type AskHandler } from "../../src/permissions/askHandler.ts";
import { createCanUseTool } from "../../src/permissions/createCanUseTool.ts";
import type { PermissionMode, PermissionRule } from "../../src/permissions/types.ts";
import { runToolUse, type ToolUseOutcome } from "../../src/pipeline/runToolUse.ts";
import { createSession, type Session } from "../../src/session/createSession.ts";
import type { Settings } from "../../src/settings/settingsSchema.ts";
import { getAllBaseTools } from "../../src/tools.ts";

export interface TestSessionOptions {
  cwd: string;
  /** The pool; every tool of the build by default. */
  tools?: Tools;
  hiddenTools?: Tools;
  /** Whole tools to allow. */
  allow?: readonly string[];
  /** Rules added as they are (any behavior and source). */
  rules?: readonly PermissionRule[];
  mode?: PermissionMode;
  additionalDirectories?: readonly string[];
  hooks?: readonly HookDefinition[];
  /** Other settings (the merged settings tools read). */
  settings?: Settings;
  sessionDirectory?: string;
  /** True when a person can answer questions (the context's isNonInteractive is false). */
  interactive?: boolean;
  askHandler?: AskHandler;
  onProgress?: ToolUseContext["onProgress"];
  onWarning?: (text: string) => void;
}

/** A session whose permission context holds exactly the rules, mode and folders given. */
export async function createTestSession(options: TestSessionOptions): Promise<Session> {
  const session = await createSession({
    cwd: options.cwd,
    tools: options.tools ?? getAllBaseTools(),
    hiddenTools: options.hiddenTools,
    settings: options.settings ?? {},
    askHandler: options.askHandler,
    isNonInteractive: options.interactive !== true,
    sessionDirectory: options.sessionDirectory ?? `${options.cwd}/.session`,
    onProgress: options.onProgress,
    warn: options.onWarning,
    hooks: options.hooks,
  });
  const rules: PermissionRule[] = [
    ...(options.allow ?? []).map((toolName): PermissionRule => ({ behavior: "allow", toolName, source: "session" })),
    ...(options.rules ?? []),
  ];
  session.context.setAppState((state) => ({
    ...state,
    toolPermissionContext: {
      ...state.toolPermissionContext,
      mode: options.mode ?? state.toolPermissionContext.mode,
      rules: [...state.toolPermissionContext.rules, ...rules],
      additionalDirectories: [...state.toolPermissionContext.additionalDirectories, ...(options.additionalDirectories ?? [])],
    },
  }));
  return session;
}

/** The root context of a test session. */
export async function createTestContext(options: TestSessionOptions): Promise<ToolUseContext> {
  return (await createTestSession(options)).context;
}

let nextId = 1;

/** Runs one call through the whole pipeline with the given ask handler (non-interactive by default). */
export async function callTool(
  context: ToolUseContext,
  name: string,
  input: unknown,
  askHandler: AskHandler = nonInteractiveAskHandler,
): Promise<ToolUseOutcome & { text: string }> {
  const outcome = await runToolUse({
    toolUse: { id: `toolu_test_${nextId++}`, name, input },
    context,
    canUseTool: createCanUseTool(askHandler),
  });
  // As the scheduler would: the call's state change (a Read's file state, a cd) applies before the next call.
  outcome.contextModifier?.(context);
  return { ...outcome, text: toolResultText(outcome.result) };
}
