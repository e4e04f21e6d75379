/**
 * What every tool-running subcommand sets up: settings from all sources, the permission context,
 * the pool, the context (with the merged settings in app state). Warnings and the project allow
 * rules skipped in an untrusted folder go to `warn`.
 */
import type { ToolUseContext } from "../Tool.ts";
import { createToolUseContext } from "../context/createToolUseContext.ts";
import type { ToolPermissionContext } from "../permissions/types.ts";
import { loadSettings, type LoadedSettings } from "../settings/loadSettings.ts";
import type { SessionFlags } from "../settings/sessionFlags.ts";
import { trustFolder } from "../settings/trustStore.ts";
import { assembleToolPool } from "../tools.ts";

/** A CLI session: its permission context, its tool context and the settings it loaded. */
export interface Session {
  permissionContext: ToolPermissionContext;
  context: ToolUseContext;
  loaded: LoadedSettings;
}

/** How a CLI command wants its session. */
export interface CreateSessionOptions {
  /** True when nobody can answer; a function is asked only when a question comes up. */
  isNonInteractive: boolean | (() => boolean);
  cwd?: string;
  flags?: SessionFlags;
  /** Where warnings go (standard error); silent when unset. */
  warn?: (text: string) => void;
  /** Asks the person whether to trust the folder; only called in interactive sessions. */
  askTrust?: (skipped: readonly string[]) => Promise<boolean>;
}

/** Builds the session; throws SettingsError when a managed or command-line settings file is bad. */
export async function createSession(options: CreateSessionOptions): Promise<Session> {
  const cwd = options.cwd ?? process.cwd();
  let loaded = loadSettings({ cwd, flags: options.flags });
  const nonInteractive = options.isNonInteractive;
  const isNonInteractive = () => (typeof nonInteractive === "function" ? nonInteractive() : nonInteractive);
  if (loaded.skippedUntrusted.length > 0 && options.askTrust !== undefined && !isNonInteractive()) {
    if (await options.askTrust(loaded.skippedUntrusted)) {
      trustFolder(cwd);
      loaded = loadSettings({ cwd, flags: options.flags, trusted: true });
    }
  }
  for (const warning of loaded.warnings) options.warn?.(`toolshed: warning: ${warning}\n`);
  if (loaded.skippedUntrusted.length > 0) {
    options.warn?.(`toolshed: this folder is not trusted, so these project settings were skipped:\n` +
      `${loaded.skippedUntrusted.map((item) => `  - ${item}`).join("\n")}\n` +
      `Run "toolshed trust" in ${cwd} to apply them.\n`);
  }
  // A hook that fails while deciding warns where the settings warnings go.
  const permissionContext = { ...loaded.permissionContext, warn: (text: string) => options.warn?.(`toolshed: warning: ${text}\n`) };
  const tools = assembleToolPool(permissionContext, []);
  const context = createToolUseContext({
    tools,
    cwd,
    permissionContext,
    isNonInteractive: options.isNonInteractive,
  });
  context.setAppState((state) => ({ ...state, settings: loaded.settings }));
  return { permissionContext, context, loaded };
}
