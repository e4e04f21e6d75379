/**
 * Runs `toolshed -p ...` as a real process (from source) in a temporary project folder against
 * the local Messages API server, with its own config folder, and collects what it printed.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { startMessagesApiServer, type MessagesApiServer } from "./messagesApiServer.ts";
import { createTemporaryFolder, type TemporaryFolder } from "./temporaryFolder.ts";

export const MAIN = resolve(import.meta.dir, "..", "..", "src", "main.ts");

export interface PrintKit {
  server: MessagesApiServer;
  root: TemporaryFolder;
  /** The project folder the runs work in (a git repository's root). */
  project: string;
  config: string;
  env: Record<string, string>;
  /** Runs toolshed with `args` and waits for it to end. */
  run(args: string[], options?: { stdin?: string; env?: Record<string, string> }): Promise<{ status: number; stdout: string; stderr: string }>;
  /** Starts toolshed and returns the process, for tests that signal or kill it. */
  spawn(args: string[], options?: { env?: Record<string, string> }): Bun.Subprocess<"ignore", "pipe", "pipe">;
  close(): Promise<void>;
}

export async function createPrintKit(): Promise<PrintKit> {
  const server = await startMessagesApiServer();
  const root = createTemporaryFolder("toolshed-print-");
  const project = join(root.path, "project");
  const config = join(root.path, "config");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(config);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: root.path,
    TOOLSHED_CONFIG_DIR: config,
    TOOLSHED_MANAGED_SETTINGS: join(root.path, "managed.json"),
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: "test-key",
    TOOLSHED_MAX_RETRIES: "2",
  };
  const spawn = (args: string[], options: { env?: Record<string, string> } = {}) =>
    Bun.spawn([process.execPath, MAIN, ...args], { cwd: project, env: { ...env, ...options.env }, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  return {
    server,
    root,
    project,
    config,
    env,
    spawn,
    async run(args, options = {}) {
      const child = Bun.spawn([process.execPath, MAIN, ...args], {
        cwd: project,
        env: { ...env, ...options.env },
        stdin: options.stdin === undefined ? "ignore" : new TextEncoder().encode(options.stdin),
        stdout: "pipe",
        stderr: "pipe",
      });
      const [stdout, stderr, status] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      return { status, stdout, stderr };
    },
    async close() {
      await server.close();
      root.remove();
    },
  };
}
