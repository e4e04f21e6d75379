/** The background tasks of one session, kept in its app state so every call of the session sees them. */
import { join } from "node:path";
import type { ToolUseContext } from "../Tool.ts";
import { BackgroundTask } from "./BackgroundTask.ts";
import { spawnShellCommand } from "./spawnShellCommand.ts";

/** The key under which the registry lives in the app state. */
const APP_STATE_KEY = "backgroundTasks";

export class TaskRegistry {
  private readonly tasks = new Map<string, BackgroundTask>();
  private nextNumber = 1;

  constructor(private readonly sessionDirectory: string) {}

  /** Starts `command` in the background in `cwd`. */
  start(options: { command: string; description?: string; cwd: string }): BackgroundTask {
    const id = `bash_${this.nextNumber++}`;
    const outputPath = join(this.sessionDirectory, "tasks", `${id}.log`);
    const process = spawnShellCommand({
      command: options.command,
      cwd: options.cwd,
      outputPath,
      cwdPath: join(this.sessionDirectory, "tasks", `${id}.cwd`),
      keepsProcessAlive: false,
    });
    const task = new BackgroundTask(id, options.command, options.description, outputPath, process);
    this.tasks.set(id, task);
    return task;
  }

  get(id: string): BackgroundTask | undefined {
    return this.tasks.get(id);
  }

  list(): BackgroundTask[] {
    return [...this.tasks.values()];
  }

  /** Stops every running task. */
  async stopAll(): Promise<void> {
    await Promise.all(this.list().map((task) => task.stop()));
  }
}

/** The session's registry, created on first use. */
export function getTaskRegistry(context: ToolUseContext): TaskRegistry {
  const existing = context.getAppState()[APP_STATE_KEY];
  if (existing instanceof TaskRegistry) return existing;
  const registry = new TaskRegistry(context.sessionDirectory);
  context.setAppState((state) => ({ ...state, [APP_STATE_KEY]: registry }));
  return registry;
}
