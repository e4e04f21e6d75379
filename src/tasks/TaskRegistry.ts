/**
 * The background tasks of one session (a service of the session: `context.services.tasks`).
 * When the session closes (or toolshed exits without closing it) the tasks are stopped and their
 * logs removed, with the session folders left empty (cleanUpSessionFolder.ts).
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { ToolError } from "../errors/ToolError.ts";
import { BackgroundTask } from "./BackgroundTask.ts";
import { cleanUpSessionFolder } from "./cleanUpSessionFolder.ts";
import { shareProcessReads } from "./processTree.ts";
import { spawnShellCommand } from "./spawnShellCommand.ts";

/** The cleanups of sessions still open, run at exit when a session was never closed. */
const openRegistries = new Set<TaskRegistry>();
let exitHookInstalled = false;

function cleanUpAtExit(): void {
  for (const registry of openRegistries) registry.removeFiles();
}

export class TaskRegistry {
  private readonly tasks = new Map<string, BackgroundTask>();
  private nextNumber = 1;
  /** Set once the session has begun stopping its tasks: nothing new starts after that. */
  private stopping = false;

  constructor(private readonly sessionDirectory: string) {}

  /** Starts `command` in the background in `cwd`. */
  start(options: { command: string; description?: string; cwd: string }): BackgroundTask {
    const id = `bash_${this.nextNumber++}`;
    const outputPath = join(this.sessionDirectory, "tasks", `${id}.log`);
    const shell = spawnShellCommand({
      command: options.command,
      cwd: options.cwd,
      outputPath,
      cwdPath: join(this.sessionDirectory, "tasks", `${id}.cwd`),
      keepsProcessAlive: false,
    });
    return this.add(new BackgroundTask(id, options.command, options.description, outputPath, shell));
  }

  /** Keeps a new task, and makes sure toolshed's exit removes its files if the session is never closed. */
  private add(task: BackgroundTask): BackgroundTask {
    this.tasks.set(task.id, task);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      // Runs after the process groups' own exit hook has killed the tasks (it was installed first).
      process.on("exit", cleanUpAtExit);
    }
    openRegistries.add(this);
    return task;
  }

  /**
   * Runs `work` in this process as a background task named `id` (a sub-agent): what it logs is the
   * task's output; it resolves with an exit code (0 done, other values failed); stopping the task
   * aborts its signal.
   */
  startInProcess(options: {
    id: string;
    label: string;
    description?: string;
    work: (log: (text: string) => void, signal: AbortSignal) => Promise<number>;
  }): BackgroundTask {
    if (this.stopping) throw new ToolError("The session is ending, so no new background task can start.");
    if (this.tasks.has(options.id)) throw new Error(`a task named ${options.id} exists already`);
    const outputPath = join(this.sessionDirectory, "tasks", `${options.id}.log`);
    mkdirSync(dirname(outputPath), { recursive: true });
    appendFileSync(outputPath, "");
    const log = (text: string) => {
      try {
        appendFileSync(outputPath, text);
      } catch {
        // A full or read-only disk: the task goes on; its output is what could be written.
      }
    };
    const controller = new AbortController();
    let signalCode: string | null = null;
    const exited = options.work(log, controller.signal).then(
      (code) => (controller.signal.aborted ? null : code),
      (error: unknown) => {
        log(`\nThe task failed: ${error instanceof Error ? error.message : String(error)}\n`);
        return controller.signal.aborted ? null : 1;
      },
    );
    const task = new BackgroundTask(options.id, options.label, options.description, outputPath, {
      exited,
      signalCode: () => signalCode,
      stop: async () => {
        signalCode = "SIGTERM";
        controller.abort();
        await exited;
      },
    });
    return this.add(task);
  }

  get(id: string): BackgroundTask | undefined {
    return this.tasks.get(id);
  }

  list(): BackgroundTask[] {
    return [...this.tasks.values()];
  }

  /** Stops every running task. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    // One /proc reading serves every task's step, not one reading per task (hundreds of tasks stop in well under a second).
    await shareProcessReads(() => Promise.all(this.list().map((task) => task.stop())));
  }

  /** Stops every task, removes the tasks' files, and removes the session folders left empty. */
  async close(): Promise<void> {
    await this.stopAll();
    this.removeFiles();
  }

  /** Removes the tasks' logs and working-folder files, and the session folders left empty. */
  removeFiles(): void {
    openRegistries.delete(this);
    const files = this.list().flatMap((task) => [task.outputPath, join(this.sessionDirectory, "tasks", `${task.id}.cwd`)]);
    cleanUpSessionFolder(this.sessionDirectory, files);
  }
}
