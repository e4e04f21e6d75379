/**
 * Writes a run's events in the chosen output format: `stream-json` writes every event as one
 * line as it happens (stream events only with --include-partial-messages); `json` writes the
 * result object; `text` writes the result's text (errors go to standard error).
 */
import type { QueryEvent, ResultEvent } from "../query/events.ts";
import type { CliStreams } from "./cliStreams.ts";
import type { OutputFormat } from "./printFlags.ts";
import { describeRetryCause } from "../query/describeRetryCause.ts";

export interface QueryOutputOptions {
  format: OutputFormat;
  includePartialMessages: boolean;
  verbose: boolean;
  streams: CliStreams;
}

/** A writer for one run: feed it every event; it remembers the last result. */
export function createQueryOutput(options: QueryOutputOptions): { write(event: QueryEvent): void; lastResult(): ResultEvent | undefined } {
  let last: ResultEvent | undefined;
  const { streams } = options;
  return {
    write(event) {
      if (event.type === "result") last = event;
      if (options.format === "stream-json") {
        if (event.type === "stream_event" && !options.includePartialMessages) return;
        streams.stdout.write(`${JSON.stringify(event)}\n`);
        return;
      }
      if (event.type === "system" && event.subtype === "api_retry") {
        streams.stderr.write(`toolshed: ${describeRetryCause(event)}; trying again in ${Math.round(event.retry_delay_ms / 100) / 10} s (retry ${event.attempt} of ${event.max_retries})\n`);
        return;
      }
      if (event.type !== "result") return;
      if (options.format === "json") {
        streams.stdout.write(`${JSON.stringify(event)}\n`);
        return;
      }
      if (event.is_error) streams.stderr.write(`toolshed: ${(event.errors ?? [event.subtype]).join("; ")}\n`);
      else streams.stdout.write(event.result.endsWith("\n") || event.result === "" ? event.result : `${event.result}\n`);
      if (options.verbose) {
        streams.stderr.write(`toolshed: ${event.num_turns} answer${event.num_turns === 1 ? "" : "s"}, ${event.duration_ms} ms, about $${event.total_cost_usd.toFixed(4)}, session ${event.session_id}\n`);
      }
    },
    lastResult: () => last,
  };
}
