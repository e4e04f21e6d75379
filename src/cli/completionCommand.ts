/** `toolshed completion bash|zsh|fish`: prints the shell's completion script (commands, options, tool names). */
import { UsageError } from "../errors/ToolError.ts";
import { getAllBaseTools } from "../tools.ts";
import type { CliStreams } from "./cliStreams.ts";
import { bashCompletion } from "./completion/bashCompletion.ts";
import { completionSpec, SHELLS, type Shell } from "./completion/completionSpec.ts";
import { fishCompletion } from "./completion/fishCompletion.ts";
import { zshCompletion } from "./completion/zshCompletion.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";

const SCRIPTS: Record<Shell, typeof bashCompletion> = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion };

export async function completionCommand(args: string[], streams: CliStreams): Promise<number> {
  const { positionals } = parseCommandArgs("completion", args, { help: { type: "boolean", short: "h" } });
  const [shell, ...extra] = positionals;
  if (shell === undefined || extra.length > 0 || !(SHELLS as readonly string[]).includes(shell)) {
    throw new UsageError(`"toolshed completion" takes one shell: ${SHELLS.join(", ")}${shell === undefined ? "" : ` (got ${positionals.join(" ")})`}.`);
  }
  const spec = completionSpec(getAllBaseTools().map((tool) => tool.name).sort());
  streams.stdout.write(SCRIPTS[shell as Shell](spec));
  return 0;
}
