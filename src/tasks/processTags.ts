/**
 * Environment tags on every process a command starts. A process that leaves the command's
 * process group (setsid, `set -m`, setpgid) and outlives its parent is no longer reachable by
 * group or by parent, but it keeps its environment: TOOLSHED_TAGS names the toolshed process
 * and the command that started it, so a stop or toolshed's exit can still find it. (Only a
 * process that also clears its environment escapes; see findCommandProcesses.)
 */

/** The variable that carries the tags, space-separated (a toolshed run inside a command adds its own). */
export const TAGS_VARIABLE = "TOOLSHED_TAGS";

let processTag_: string | undefined;

/** This toolshed process's tag: every command it starts carries it (made on first use: start-up does not pay for the random source). */
export function processTag(): string {
  return (processTag_ ??= `p${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`);
}

/** The tag, if a command was ever given it (else no process carries it). */
export function processTagIfMade(): string | undefined {
  return processTag_;
}

/** A fresh tag for one command. */
export function newCommandTag(): string {
  return `c${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
}

/** `environment` with this process's tag and `commandTag` added to the tags it already carries. */
export function taggedEnvironment(environment: Record<string, string | undefined>, commandTag: string): Record<string, string | undefined> {
  const inherited = environment[TAGS_VARIABLE]?.trim();
  return { ...environment, [TAGS_VARIABLE]: `${inherited ? `${inherited} ` : ""}${processTag()} ${commandTag}` };
}
