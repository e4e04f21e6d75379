/** `toolshed trust [--revoke] [folder]`: apply (or stop applying) a folder's own allow rules and folders. */
import { resolve } from "node:path";
import { UsageError } from "../errors/ToolError.ts";
import { revokeFolder, trustFolder, trustStorePath } from "../settings/trustStore.ts";
import { canonicalPath } from "../paths/isInsideDirectories.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";
import type { CliStreams } from "./cliStreams.ts";

/** `toolshed trust`: trusts (or with --revoke, stops trusting) a folder. */
export async function trustCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("trust", args, {
    revoke: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (positionals.length > 1) throw new UsageError(`"toolshed trust" takes at most one folder, but got: ${positionals.join(" ")}.`);
  const folder = canonicalPath(resolve(positionals[0] ?? process.cwd()));
  if (values.revoke) {
    const removed = revokeFolder(folder);
    streams.stdout.write(removed === 0 ? `${folder} was not trusted.\n` : `${folder} is no longer trusted (${trustStorePath()}).\n`);
    return 0;
  }
  const added = trustFolder(folder);
  streams.stdout.write(added ? `Trusted ${folder}: its allow rules and additional folders now apply (${trustStorePath()}).\n` : `${folder} is already trusted.\n`);
  return 0;
}
