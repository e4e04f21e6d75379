/** `toolshed sessions [list [--all] | show <id>] [--json]`: the saved sessions and what they said. */
import { UsageError } from "../errors/ToolError.ts";
import { findSession, listSessions, type SessionSummary } from "../query/transcript/listSessions.ts";
import { readTranscript } from "../query/transcript/readTranscript.ts";
import type { CliStreams } from "./cliStreams.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";

function describe(session: SessionSummary): string {
  const when = session.modified.toISOString().replace("T", " ").slice(0, 16);
  return `${session.id}  ${when}  ${session.firstPrompt || "(no prompt)"}`;
}

function blockText(block: { type: string; [key: string]: unknown }): string {
  if (block.type === "text" && typeof block.text === "string") return block.text;
  if (block.type === "tool_use") return `[tool call ${String(block.name)} ${JSON.stringify(block.input)}]`;
  if (block.type === "tool_result") {
    const content = block.content;
    const text = typeof content === "string" ? content : Array.isArray(content) ? content.map((part) => (typeof part === "object" && part !== null && "text" in part ? String(part.text) : `[${String((part as { type?: unknown }).type)}]`)).join("\n") : "";
    return `[result${block.is_error === true ? " (error)" : ""}] ${text.length > 2000 ? `${text.slice(0, 2000)}...` : text}`;
  }
  return `[${block.type}]`;
}

/** Dispatches `toolshed sessions list|show`. */
export async function sessionsCommand(args: string[], streams: CliStreams): Promise<number> {
  const [sub = "list", ...rest] = args;
  const { values, positionals } = parseCommandArgs(`sessions ${sub}`, rest, { json: { type: "boolean" }, all: { type: "boolean" }, help: { type: "boolean", short: "h" } });
  const cwd = process.cwd();
  if (sub === "list") {
    if (positionals.length > 0) throw new UsageError(`"toolshed sessions list" takes no arguments, but got: ${positionals.join(" ")}.`);
    const sessions = listSessions(values.all ? undefined : cwd);
    if (values.json) streams.stdout.write(`${JSON.stringify(sessions.map((session) => ({ ...session, modified: session.modified.toISOString() })), null, 2)}\n`);
    else if (sessions.length === 0) streams.stdout.write(`No saved sessions${values.all ? "" : ` in ${cwd} (--all lists every folder's)`}.\n`);
    else streams.stdout.write(`${sessions.map(describe).join("\n")}\n`);
    return 0;
  }
  if (sub === "show") {
    const [id, ...extra] = positionals;
    if (id === undefined || extra.length > 0) throw new UsageError('"toolshed sessions show" takes one session id; "toolshed sessions list" shows them.');
    const session = findSession(id, cwd);
    if (session === undefined) throw new UsageError(`there is no saved session "${id}". "toolshed sessions list --all" shows every saved session.`);
    const { entries, skipped } = readTranscript(session.path);
    if (values.json) {
      streams.stdout.write(`${JSON.stringify({ ...session, modified: session.modified.toISOString(), messages: entries.map((entry) => entry.message), skippedLines: skipped }, null, 2)}\n`);
      return 0;
    }
    const lines = [`session ${session.id} in ${session.cwd}`, ""];
    for (const entry of entries) {
      const content = entry.message.content;
      const text = typeof content === "string" ? content : content.map((block) => blockText(block as unknown as { type: string })).join("\n");
      lines.push(`${entry.message.role === "user" ? "user" : "assistant"}> ${text}`, "");
    }
    if (skipped > 0) lines.push(`(${skipped} line${skipped === 1 ? "" : "s"} of the transcript could not be read)`);
    streams.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  }
  throw new UsageError(`"toolshed sessions" has the subcommands list and show (got "${sub}").`);
}
