/** `toolshed tools [--json]`: the pool as the model would receive it. */
import { UsageError } from "../errors/ToolError.ts";
import { createSession } from "../session/createSession.ts";
import type { CliStreams } from "./cliStreams.ts";
import { describeToolsForApi } from "../pipeline/describeToolsForApi.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";
import { readSessionFlags, SESSION_FLAG_OPTIONS } from "./sessionFlags.ts";

/** `toolshed tools`: prints the pool (a summary, or the API's JSON with --json). */
export async function toolsCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("tools", args, {
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
    ...SESSION_FLAG_OPTIONS,
  });
  if (positionals.length > 0) throw new UsageError(`"toolshed tools" takes no arguments, but got: ${positionals.join(" ")}.`);
  const session = await createSession({ flags: readSessionFlags(values), warn: (text) => streams.stderr.write(text) });
  const definitions = await describeToolsForApi(session.context.options, session.context.services);
  await session.close();
  if (values.json) {
    streams.stdout.write(`${JSON.stringify(definitions, null, 2)}\n`);
    return 0;
  }
  for (const definition of definitions) {
    const properties = Object.keys(definition.input_schema.properties ?? {});
    const required = new Set(definition.input_schema.required ?? []);
    const parameters = properties.map((name) => (required.has(name) ? name : `[${name}]`)).join(" ");
    const summary = definition.description.split("\n")[0];
    streams.stdout.write(`${definition.name}  ${parameters}\n    ${summary}\n`);
  }
  return 0;
}
