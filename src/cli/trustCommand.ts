/** `toolshed trust [--revoke] [folder]`: apply (or stop applying) everything a folder's own settings would widen. */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "../errors/ToolError.ts";
import { revokeFolder, trustFolder, trustStorePath } from "../settings/trustStore.ts";
import { canonicalPath } from "../paths/isInsideDirectories.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";
import type { CliStreams } from "./cliStreams.ts";

function folderProblem(folder: string): string | undefined {
  try {
    return statSync(folder).isDirectory() ? undefined : "is not a folder";
  } catch {
    return "does not exist";
  }
}

/** `toolshed trust`: trusts (or with --revoke, stops trusting) a folder. */
export async function trustCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("trust", args, {
    revoke: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (positionals.length > 1) throw new UsageError(`"toolshed trust" takes at most one folder, but got: ${positionals.join(" ")}.`);
  const given = resolve(positionals[0] ?? process.cwd());
  const folder = canonicalPath(given);
  if (values.revoke) {
    const removed = revokeFolder(folder);
    streams.stdout.write(removed === 0 ? `${folder} was not trusted.\n` : `${folder} is no longer trusted (${trustStorePath()}).\n`);
    return 0;
  }
  // Trusting a path that is not a folder (yet) would trust whatever is made there later.
  const problem = folderProblem(given);
  if (problem !== undefined) throw new UsageError(`cannot trust ${given}: it ${problem}. Give an existing folder.`);
  const added = trustFolder(folder);
  streams.stdout.write(added
    ? `Trusted ${folder}: its own allow rules, folders, mode, hooks and other settings now apply (${trustStorePath()}).\n`
    : `${folder} is already trusted.\n`);
  return 0;
}
