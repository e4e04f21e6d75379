/**
 * Starts a program in a pseudo-terminal (Bun's own PTY) and times how long it takes until its
 * output shows a pattern: what a person waits for before they can type. Then the program is
 * asked to leave (or killed), with a deadline on every wait.
 */

/** Text without escape sequences (colours, cursor moves), for matching what the screen shows. */
function visible(text: string): string {
  return text.replace(/\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)|\u001B[()][A-Za-z0-9]|\u001B[=>78]/g, "");
}

export interface ScreenTimingOptions {
  command: string[];
  /** What the screen shows once the program is ready. */
  ready: RegExp;
  cwd?: string;
  env?: Record<string, string>;
  /** Sent once it is ready, to make it leave. */
  leave?: string;
  /** Typed once it is ready: the time until the screen shows `shows` is measured too (keys really being read). */
  probe?: { send: string; shows: RegExp };
  timeoutMs?: number;
}

export interface ScreenTiming {
  /** Milliseconds from spawn until `ready` showed. */
  readyMs: number;
  /** Milliseconds from spawn until the probe's answer showed. */
  probeMs?: number;
}

/** The times from spawn until `ready` (and the probe's answer) show; throws when they do not within the timeout. */
export async function timeToScreen(options: ScreenTimingOptions): Promise<ScreenTiming> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const decoder = new TextDecoder();
  let output = "";
  let readyAt: number | undefined;
  let probedAt: number | undefined;
  let resolveReady!: () => void;
  const shown = new Promise<void>((resolve) => (resolveReady = resolve));
  let resolveProbe!: () => void;
  const probed = new Promise<void>((resolve) => (resolveProbe = resolve));
  const started = performance.now();
  const child = Bun.spawn(options.command, {
    cwd: options.cwd,
    env: options.env,
    terminal: {
      cols: 100,
      rows: 30,
      data(terminal, data) {
        if (probedAt !== undefined || (readyAt !== undefined && options.probe === undefined)) return;
        output += decoder.decode(data, { stream: true });
        if (readyAt === undefined && options.ready.test(visible(output))) {
          readyAt = performance.now();
          resolveReady();
          if (options.probe !== undefined) {
            output = "";
            terminal.write(options.probe.send);
          }
        } else if (readyAt !== undefined && options.probe !== undefined && options.probe.shows.test(visible(output))) {
          probedAt = performance.now();
          resolveProbe();
        }
      },
    },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const outcome = await Promise.race([shown.then(() => "ready" as const), child.exited.then(() => "exited" as const), timedOut]);
    if (outcome !== "ready" && readyAt === undefined) {
      throw new Error(`${options.command.join(" ")} ${outcome === "exited" ? "exited" : "took too long"} before it showed ${options.ready}; it showed:\n${visible(output).slice(-2000)}`);
    }
    if (options.probe !== undefined) {
      const answered = await Promise.race([probed.then(() => "answered" as const), child.exited.then(() => "exited" as const), timedOut]);
      if (answered !== "answered") throw new Error(`${options.command.join(" ")} did not answer the keys it was sent; it showed:\n${visible(output).slice(-2000)}`);
    }
    return { readyMs: (readyAt as number) - started, ...(probedAt === undefined ? {} : { probeMs: probedAt - started }) };
  } finally {
    clearTimeout(timer);
    if (options.leave !== undefined) child.terminal?.write(options.leave);
    const gone = await Promise.race([child.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000))]);
    if (!gone) child.kill("SIGKILL");
    await child.exited;
    child.terminal?.close();
  }
}
