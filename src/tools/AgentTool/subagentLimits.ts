/**
 * How far sub-agents may go: how many layers deep (a sub-agent of a sub-agent ...), and how many
 * may run at once in a session. Both can be changed with environment variables.
 */
import { defineService } from "../../session/serviceKey.ts";

export const DEFAULT_MAX_SUBAGENT_DEPTH = 3;
export const DEFAULT_MAX_CONCURRENT_SUBAGENTS = 20;

function positiveInteger(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
}

/** Layers of sub-agents allowed (`TOOLSHED_MAX_SUBAGENT_DEPTH`). */
export function maxSubagentDepth(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInteger(env.TOOLSHED_MAX_SUBAGENT_DEPTH, DEFAULT_MAX_SUBAGENT_DEPTH);
}

/** Sub-agents running at once in a session (`TOOLSHED_MAX_CONCURRENT_SUBAGENTS`). */
export function maxConcurrentSubagents(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInteger(env.TOOLSHED_MAX_CONCURRENT_SUBAGENTS, DEFAULT_MAX_CONCURRENT_SUBAGENTS);
}

/** The session's count of running sub-agents. */
export const runningSubagentsService = defineService<{ count: number }>({
  name: "runningSubagents",
  create: () => ({ count: 0 }),
});
