/**
 * `toolshed doctor [--json]`: what this toolshed is and what it finds here: the build, the config
 * folders, every settings file with its problems, the folder's trust, ripgrep, credentials (never
 * their values), the MCP servers (started, listed and stopped again) and the agent files. Exits 1
 * when something is a problem, so a script can check a machine.
 */
import { accessSync, constants, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAgentDefinitions } from "../agents/loadAgentDefinitions.ts";
import { formatVersion, getBuildInfo } from "../buildInfo.ts";
import { UsageError } from "../errors/ToolError.ts";
import { describeError } from "../errors/describeError.ts";
import { findRipgrep } from "../search/grepRipgrep.ts";
import { loadSettings, type LoadedSettings } from "../settings/loadSettings.ts";
import { managedSettingsPath, userConfigDirectory } from "../settings/settingsPaths.ts";
import { getRuleFamilies, getRuleToolNames } from "../tools.ts";
import type { CliStreams } from "./cliStreams.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";

type Status = "ok" | "warning" | "problem";

export interface DoctorCheck {
  check: string;
  status: Status;
  detail: string;
}

function writable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function configCheck(): DoctorCheck {
  const folder = userConfigDirectory();
  const named = process.env.TOOLSHED_CONFIG_DIR ? " (TOOLSHED_CONFIG_DIR)" : "";
  if (!existsSync(folder)) return { check: "config folder", status: "ok", detail: `${folder}${named} does not exist yet; toolshed creates it when it first saves something` };
  if (!writable(folder)) return { check: "config folder", status: "problem", detail: `${folder}${named} is not writable: sessions, answers and trust cannot be saved` };
  return { check: "config folder", status: "ok", detail: `${folder}${named}` };
}

function settingsChecks(cwd: string): { checks: DoctorCheck[]; loaded?: LoadedSettings } {
  let loaded: LoadedSettings;
  try {
    loaded = loadSettings({ cwd, families: getRuleFamilies(), toolNames: getRuleToolNames() });
  } catch (error) {
    return { checks: [{ check: "settings", status: "problem", detail: describeError(error) }] };
  }
  const files = loaded.sources.map((source) => `${source.where} (${source.source})`);
  const checks: DoctorCheck[] = [{
    check: "settings",
    status: "ok",
    detail: files.length === 0 ? `no settings files (the managed file would be ${managedSettingsPath()})` : files.join("; "),
  }];
  for (const warning of loaded.warnings) checks.push({ check: "settings", status: "warning", detail: warning });
  checks.push({
    check: "trust",
    status: "ok",
    detail: loaded.trusted
      ? `${cwd} is trusted: its own settings apply`
      : loaded.skippedUntrusted.length === 0
        ? `${cwd} is not trusted: its own settings could only narrow what runs ("toolshed trust" to trust it)`
        : `${cwd} is not trusted, so ${loaded.skippedUntrusted.length} of its project settings ${loaded.skippedUntrusted.length === 1 ? "is" : "are"} held back: ${loaded.skippedUntrusted.join("; ")} ("toolshed trust" applies them)`,
  });
  return { checks, loaded };
}

function ripgrepCheck(): DoctorCheck {
  const path = findRipgrep();
  if (path === undefined) {
    return { check: "ripgrep", status: "warning", detail: "rg is not on the PATH (or TOOLSHED_GREP_ENGINE=builtin): Grep uses its slower built-in engine; install ripgrep for speed" };
  }
  const ran = Bun.spawnSync([path, "--version"], { stdout: "pipe", stderr: "ignore", timeout: 10_000 });
  const version = ran.exitCode === 0 ? ran.stdout.toString().split("\n")[0]?.trim() : undefined;
  return version === undefined
    ? { check: "ripgrep", status: "warning", detail: `${path} did not run (${ran.exitCode ?? ran.signalCode}); Grep falls back to its built-in engine` }
    : { check: "ripgrep", status: "ok", detail: `${path} (${version})` };
}

async function credentialsCheck(loaded: LoadedSettings | undefined, cwd: string): Promise<DoctorCheck> {
  const { resolveCredentials } = await import("../query/credentials.ts");
  try {
    const credentials = await resolveCredentials({ apiKeyHelper: loaded?.settings.apiKeyHelper, cwd });
    return { check: "credentials", status: "ok", detail: `${credentials.source} is set (its value is not shown); the API is ${credentials.baseURL}` };
  } catch (error) {
    return { check: "credentials", status: "problem", detail: describeError(error) };
  }
}

async function mcpChecks(cwd: string, loaded: LoadedSettings | undefined): Promise<DoctorCheck[]> {
  const { connectMcpServers } = await import("../mcp/client/connectMcpServers.ts");
  const sessionDirectory = mkdtempSync(join(tmpdir(), "toolshed-doctor-"));
  const warnings: string[] = [];
  try {
    const { connections } = await connectMcpServers({ cwd, sessionDirectory, ...(loaded === undefined ? {} : { settings: loaded }), warn: (line) => warnings.push(line.replace(/^toolshed: warning: /, "").trim()) });
    try {
      const servers = connections.list();
      const checks: DoctorCheck[] = servers.map((server) => ({
        check: `mcp ${server.name}`,
        status: server.status === "failed" ? "problem" : server.status === "connected" ? "ok" : "warning",
        detail: `${server.status}${server.toolCount === undefined ? "" : ` (${server.toolCount} tool${server.toolCount === 1 ? "" : "s"})`}${server.detail === undefined ? "" : `: ${server.detail}`}`,
      }));
      if (servers.length === 0) checks.push({ check: "mcp", status: "ok", detail: "no MCP servers configured (toolshed mcp add)" });
      return [...checks, ...warnings.map((warning): DoctorCheck => ({ check: "mcp", status: "warning", detail: warning }))];
    } finally {
      await connections.close();
    }
  } catch (error) {
    return [{ check: "mcp", status: "problem", detail: describeError(error) }];
  } finally {
    rmSync(sessionDirectory, { recursive: true, force: true });
  }
}

function agentsCheck(cwd: string): DoctorCheck[] {
  const definitions = loadAgentDefinitions(cwd);
  const fromFiles = definitions.agents.filter((agent) => agent.source !== "built-in").length;
  return [
    { check: "agents", status: "ok", detail: `${definitions.agents.length} agent types (${fromFiles} from agent files)` },
    ...definitions.problems.map((problem): DoctorCheck => ({ check: "agents", status: "warning", detail: problem })),
  ];
}

/** Every check, in the order they are shown. */
export async function runDoctorChecks(cwd: string): Promise<DoctorCheck[]> {
  const info = getBuildInfo();
  const settings = settingsChecks(cwd);
  return [
    { check: "version", status: "ok", detail: `${formatVersion()}${info.flavor === "dev" ? " (running from source)" : ` at ${process.execPath}`}` },
    configCheck(),
    ...settings.checks,
    ripgrepCheck(),
    await credentialsCheck(settings.loaded, cwd),
    ...(await mcpChecks(cwd, settings.loaded)),
    ...agentsCheck(cwd),
  ];
}

export async function doctorCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("doctor", args, { json: { type: "boolean" }, help: { type: "boolean", short: "h" } });
  if (positionals.length > 0) throw new UsageError(`"toolshed doctor" takes no arguments, but got: ${positionals.join(" ")}.`);
  const checks = await runDoctorChecks(process.cwd());
  const problems = checks.filter((check) => check.status === "problem").length;
  if (values.json) {
    streams.stdout.write(`${JSON.stringify({ ok: problems === 0, checks }, null, 2)}\n`);
  } else {
    const width = Math.max(...checks.map((check) => check.check.length));
    const lines = checks.map((check) => `${check.status.padEnd(8)} ${check.check.padEnd(width)}  ${check.detail}`);
    const warnings = checks.filter((check) => check.status === "warning").length;
    lines.push("", problems === 0 ? `No problems${warnings === 0 ? "" : ` (${warnings} warning${warnings === 1 ? "" : "s"})`}.` : `${problems} problem${problems === 1 ? "" : "s"} found.`);
    streams.stdout.write(`${lines.join("\n")}\n`);
  }
  return problems === 0 ? 0 : 1;
}
