/**
 * `toolshed mcp serve [--http host:port] [--allow-remote]`: toolshed's tools offered over MCP,
 * over standard input and output (nothing else is written to stdout) or streamable HTTP. The
 * pool and the rules are the folder's; asks go to the client as elicitations when it can answer.
 * Every HTTP request must carry the token the server prints (a loopback port is open to every user
 * and process on the machine); serving beyond this machine needs `--allow-remote`, since plain
 * HTTP carries that token where others can read it.
 */
import type { CliStreams } from "../../cli/cliStreams.ts";
import { parseCommandArgs } from "../../cli/parseCommandArgs.ts";
import { readSessionFlags, SESSION_FLAG_OPTIONS } from "../../cli/sessionFlags.ts";
import { hasTag } from "../../Tool.ts";
import { UsageError } from "../../errors/ToolError.ts";
import { createSession } from "../../session/createSession.ts";
import { isLoopbackHost } from "../server/checkRequestOrigin.ts";
import { createServedSession } from "../server/createServedSession.ts";
import { serveMcpHttp } from "../server/serveMcpHttp.ts";
import { serveMcpStdio } from "../server/serveMcpStdio.ts";
import { parseHostPort } from "./parseHostPort.ts";

/** How long stopping may take before toolshed exits anyway. */
const STOP_GRACE_MS = 3000;

/** The token HTTP clients must send: TOOLSHED_MCP_TOKEN when set (so a client's configuration survives a restart), else a new random one. */
function serveToken(): string {
  const given = process.env.TOOLSHED_MCP_TOKEN?.trim();
  // Not handed on: a served command or hook has no business with the token that guards the server.
  delete process.env.TOOLSHED_MCP_TOKEN;
  if (given !== undefined && given !== "") return given;
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
}

/** Resolves once a stop signal (Ctrl-C, SIGTERM) arrives; a second one exits at once. */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const first = () => {
      process.off("SIGINT", first);
      process.off("SIGTERM", first);
      process.once("SIGINT", () => process.exit(130));
      process.once("SIGTERM", () => process.exit(143));
      resolve();
    };
    process.once("SIGINT", first);
    process.once("SIGTERM", first);
  });
}

/** Serves until the client leaves (stdio) or a stop signal (HTTP); exits 0. */
export async function mcpServeCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("mcp serve", args, {
    http: { type: "string" },
    "allow-remote": { type: "boolean" },
    help: { type: "boolean", short: "h" },
    ...SESSION_FLAG_OPTIONS,
  });
  if (positionals.length > 0) throw new UsageError(`"toolshed mcp serve" takes no arguments, but got: ${positionals.join(" ")}.`);
  const address = values.http === undefined ? undefined : parseHostPort(values.http);
  if (address !== undefined && !isLoopbackHost(address.host) && values["allow-remote"] !== true) {
    throw new UsageError(`--http ${values.http} would serve beyond this machine over plain HTTP, where the token that guards it can be read on the way and anyone holding it could run tools under this folder's rules. Serve on 127.0.0.1, or add --allow-remote if that is what you want.`);
  }
  const open = (warn: (text: string) => void) => createSession({
    flags: readSessionFlags(values),
    isNonInteractive: true,
    // Tools that talk with the person or steer the session (questions, plan mode) stay out, as for
    // sub-agents: no client is the person at toolshed's terminal.
    tools: (pool) => pool.filter((tool) => !hasTag(tool, "mainAgentOnly")),
    warn,
  });
  // The first session says what is wrong with the settings, once; over HTTP each client gets a
  // session of its own made the same way (its shell folder, read state and turn are its own).
  const session = await open((text) => streams.stderr.write(text));
  const served = createServedSession(session);
  try {
    if (address === undefined) {
      await serveMcpStdio(served);
      return 0;
    }
    const server = await serveMcpHttp(async () => createServedSession(await open(() => {})), { ...address, token: serveToken() });
    streams.stdout.write(`${server.url}\n`);
    streams.stderr.write(`toolshed: serving ${session.tools.length} tools over MCP at ${server.url} (Ctrl-C to stop); clients use this URL, or send its token as Authorization: Bearer <token>\n`);
    await untilStopped();
    // A client that holds a stream open must not keep toolshed from stopping.
    await Promise.race([server.stop(), Bun.sleep(STOP_GRACE_MS)]);
    return 0;
  } finally {
    await session.close();
  }
}
