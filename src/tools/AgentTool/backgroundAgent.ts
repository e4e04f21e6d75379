/**
 * A sub-agent run in the background: a task of the session's registry, so TaskOutput reads what
 * it did and its final answer, and TaskStop (or the session's end) stops it. It outlives the turn
 * that started it; its usage still counts in the session's.
 */
import type { BackgroundTask } from "../../tasks/BackgroundTask.ts";
import type { QueryEvent } from "../../query/events.ts";
import type { runSubagent as RunSubagent, SubagentRun } from "./runSubagent.ts";

export interface BackgroundAgentRequest {
  run: Omit<SubagentRun, "signal" | "onEvent">;
  description: string;
  running: { count: number };
  runSubagent: typeof RunSubagent;
}

/** One line of the task's output for each tool call the sub-agent makes. */
function progressLine(event: QueryEvent): string {
  if (event.type !== "assistant") return "";
  return event.message.content
    .flatMap((block) => (block.type === "tool_use" ? [`[${block.name}] ${JSON.stringify(block.input).slice(0, 200)}\n`] : []))
    .join("");
}

export function launchBackgroundAgent({ run, description, running, runSubagent }: BackgroundAgentRequest): BackgroundTask {
  const { definition } = run;
  return run.context.services.tasks.startInProcess({
    id: run.agentId,
    label: `Agent (${definition.name}): ${description}`,
    description,
    // The launching call's slot of the running count is this task's until it ends.
    work: async (log, signal) => {
      try {
        log(`The ${definition.name} agent started: ${description}\n`);
        const outcome = await runSubagent({ ...run, signal, onEvent: (event) => log(progressLine(event)) });
        const { result } = outcome;
        if (result.subtype !== "success") {
          log(`\nThe agent stopped before it finished: ${(result.errors ?? [result.subtype]).join("; ")}.\n${outcome.text.trim() === "" ? "" : `Its last message:\n${outcome.text.trim()}\n`}`);
          return 1;
        }
        log(`\nThe agent's answer:\n${outcome.text.trim()}\n\n(${outcome.toolUseCount} tool calls, ${outcome.totalTokens} tokens)\n`);
        return 0;
      } finally {
        running.count--;
      }
    },
  });
}
