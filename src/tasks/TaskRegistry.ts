/** The background tasks of one session (a service of the session: `context.services.tasks`). */
import { join } from "node:path";
import { BackgroundTask } from "./BackgroundTask.ts";
import { spawnShellCommand } from "./spawnShellCommand.ts";

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
