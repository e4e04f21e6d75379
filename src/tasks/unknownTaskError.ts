/** What TaskOutput and TaskStop say about a task id the session does not have. */
import { ToolError } from "../errors/ToolError.ts";
import type { TaskRegistry } from "./TaskRegistry.ts";

/** The message for an unknown id, listing the ids there are. */
export function unknownTaskError(registry: TaskRegistry, taskId: string): ToolError {
  const ids = registry.list().map((task) => `${task.id} (${task.status})`);
  return new ToolError(`There is no background task "${taskId}". ${ids.length === 0 ? "No background tasks were started in this session." : `The tasks are: ${ids.join(", ")}.`}`);
}
