/**
 * Drives the real compiled binary in a real terminal: a tmux server of its own (its own socket,
 * a clean environment), a 100x30 window, keys sent with send-keys, the screen read with
 * capture-pane, against the local Messages API server. Every wait polls the screen with a
 * deadline; nothing sleeps for a fixed time.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMessagesApiServer, type MessagesApiServer } from "../../helpers/messagesApiServer.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { terminalBinary } from "./terminalBinary.ts";

/** How long a wait for the screen lasts before the test fails, showing the screen. */
export const SCREEN_TIMEOUT_MS = 10_000;
const POLL_MS = 20;

export interface TerminalKit {
  server: MessagesApiServer;
  root: TemporaryFolder;
  project: string;
  config: string;
  /** The environment the binary runs with (and nothing else). */
  env: Record<string, string>;
  /** Starts `toolshed args` in the window. */
  start(args?: string[], options?: { env?: Record<string, string>; width?: number; height?: number }): Promise<void>;
  /** The screen as text, one line per row (trailing blanks trimmed). */
  screen(): string;
  /** The screen with its colour and style escape sequences. */
  screenWithEscapes(): string;
  /** Waits until the screen shows `expected` (text or pattern, or a test of the screen); returns the screen. */
  waitFor(expected: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Sends tmux key names (Enter, Escape, C-c, BTab, Up, 1...). */
  keys(...keys: string[]): void;
  /** Types text as it is. */
  type(text: string): void;
  resize(width: number, height: number): void;
  /** Sends the binary SIGHUP, as a terminal that closes (or an ssh connection that drops) does. */
  hangUp(): void;
  /** Pastes the file's text as a terminal does (bracketed, when the program asked for it). */
  pasteFile(path: string): void;
  /** Starts `toolshed args` again in the same window, once the last run has exited. */
  restart(args?: string[], options?: { env?: Record<string, string> }): Promise<void>;
  /** Waits for the binary to exit and returns its status. */
  waitForExit(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

function quote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}

export async function createTerminalKit(): Promise<TerminalKit> {
  const binary = await terminalBinary();
  const server = startMessagesApiServer();
  const root = createTemporaryFolder("toolshed-terminal-");
  const project = join(root.path, "project");
  const config = join(root.path, "config");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(config);
  const socket = join(root.path, "tmux.sock");
  const tmuxConfig = join(root.path, "tmux.conf");
  // The pane stays after the binary exits (so its last screen and status can be read).
  writeFileSync(tmuxConfig, "set -g remain-on-exit on\nset -sg escape-time 0\nset -g history-limit 5000\nset -g status off\n");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: root.path,
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    TOOLSHED_CONFIG_DIR: config,
    TOOLSHED_MANAGED_SETTINGS: join(root.path, "managed.json"),
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: "test-key",
    TOOLSHED_MAX_RETRIES: "1",
  };
  const tmuxEnv = { PATH: env.PATH, HOME: root.path, LANG: "C.UTF-8", LC_ALL: "C.UTF-8", TMUX_TMPDIR: root.path };
  const tmux = (...args: string[]) => {
    const result = Bun.spawnSync(["tmux", "-u", "-S", socket, "-f", tmuxConfig, ...args], { env: tmuxEnv, stdout: "pipe", stderr: "pipe" });
    if (result.exitCode !== 0) throw new Error(`tmux ${args.join(" ")} failed: ${result.stderr.toString()}`);
    return result.stdout.toString();
  };
  let started = false;
  // A shell runs the binary and prints its exit status on the screen when it ends: the test reads
  // that, rather than when tmux gets round to noticing the pane's process has gone.
  const commandLine = (args: readonly string[], extra: Record<string, string> = {}) =>
    ["env", "-i", ...Object.entries({ ...env, ...extra }).map(([key, value]) => `${key}=${value}`), "/bin/sh", "-c", `"$@"; echo "[toolshed exited with status $?]"`, "sh", binary, ...args].map(quote).join(" ");
  const screen = () => tmux("capture-pane", "-p", "-t", "main").split("\n").map((line) => line.trimEnd()).join("\n").replace(/\n+$/, "");
  /** What the binary's threads wait on, for a test that finds it hanging. */
  const processState = () => {
    try {
      const shell = tmux("display-message", "-p", "-t", "main", "#{pane_pid}").trim();
      const pid = Bun.spawnSync(["pgrep", "-P", shell]).stdout.toString().trim().split("\n")[0] || shell;
      const state = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((line) => line.startsWith("State")) ?? "";
      const waits = readdirSync(`/proc/${pid}/task`).map((task) => `${readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8").trim()}:${readFileSync(`/proc/${pid}/task/${task}/wchan`, "utf8")}`);
      return `pid ${pid}, ${state.replace(/\s+/g, " ")}, threads ${waits.join(" ")}`;
    } catch {
      return "its state could not be read";
    }
  };
  return {
    server,
    root,
    project,
    config,
    env,
    async start(args = [], options = {}) {
      tmux("new-session", "-d", "-s", "main", "-x", String(options.width ?? 100), "-y", String(options.height ?? 30), "-c", project, commandLine(args, options.env));
      started = true;
    },
    async restart(args = [], options = {}) {
      tmux("respawn-pane", "-k", "-t", "main", "-c", project, commandLine(args, options.env));
      tmux("clear-history", "-t", "main");
      // The last run's exit line is gone once the new run has drawn over the screen.
      const deadline = Date.now() + SCREEN_TIMEOUT_MS;
      while (/\[toolshed exited with status/.test(screen()) && Date.now() < deadline) await Bun.sleep(POLL_MS);
    },
    hangUp() {
      const shell = tmux("display-message", "-p", "-t", "main", "#{pane_pid}").trim();
      const pid = Number(Bun.spawnSync(["pgrep", "-P", shell]).stdout.toString().trim().split("\n")[0]);
      if (!Number.isInteger(pid) || pid <= 0) throw new Error("toolshed is not running in the window");
      process.kill(pid, "SIGHUP");
    },
    pasteFile(path) {
      tmux("load-buffer", "-b", "paste", path);
      tmux("paste-buffer", "-p", "-d", "-b", "paste", "-t", "main");
    },
    screen,
    screenWithEscapes: () => tmux("capture-pane", "-p", "-e", "-t", "main"),
    async waitFor(expected, timeoutMs = SCREEN_TIMEOUT_MS) {
      const test = typeof expected === "function" ? expected : (text: string) => (typeof expected === "string" ? text.includes(expected) : expected.test(text));
      const deadline = Date.now() + timeoutMs;
      let last = "";
      while (Date.now() < deadline) {
        last = screen();
        if (test(last)) return last;
        await Bun.sleep(POLL_MS);
      }
      throw new Error(`the screen did not show ${String(expected)} within ${timeoutMs} ms. It shows:\n${last}`);
    },
    keys(...keys) {
      tmux("send-keys", "-t", "main", ...keys);
    },
    type(text) {
      tmux("send-keys", "-t", "main", "-l", text);
    },
    resize(width, height) {
      tmux("resize-window", "-t", "main", "-x", String(width), "-y", String(height));
    },
    async waitForExit(timeoutMs = SCREEN_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const ended = /\[toolshed exited with status (\d+)\]/.exec(screen());
        if (ended !== null) return Number(ended[1]);
        await Bun.sleep(POLL_MS);
      }
      throw new Error(`toolshed did not exit within ${timeoutMs} ms (${processState()}). The screen shows:\n${screen()}`);
    },
    async close() {
      if (started) {
        try {
          tmux("kill-server");
        } catch {
          // Already gone.
        }
      }
      await server.close();
      root.remove();
    },
  };
}
