/**
 * Scripted answers with server-tool blocks, for the local Messages API server: a web search turn
 * as the API streams it (server_tool_use, web_search_tool_result, text with citations), sent as a
 * raw event stream through the server's raw-body reply so the server itself needs no new kind.
 */
import { frameEvent, type Reply, type SseEvent } from "./messagesApiReplies.ts";

/** One search the API ran: its query and results, or an error code. */
export interface SearchSpec {
  query: string;
  results?: { title: string; url: string }[];
  errorCode?: string;
}

/** A text block of the summary, and the results it cites. */
export interface CitedTextSpec {
  text: string;
  cites?: { title: string; url: string }[];
}

export interface SearchTurnSpec {
  searches: SearchSpec[];
  summary: CitedTextSpec[];
  id?: string;
  model?: string;
  stopReason?: string;
  usage?: { input_tokens?: number; output_tokens?: number };
}

function blockEvents(index: number, start: unknown, deltas: unknown[] = []): SseEvent[] {
  return [
    { event: "content_block_start", data: { type: "content_block_start", index, content_block: start } },
    ...deltas.map((delta) => ({ event: "content_block_delta", data: { type: "content_block_delta", index, delta } })),
    { event: "content_block_stop", data: { type: "content_block_stop", index } },
  ];
}

/** The events of a search turn, in the API's order. */
export function searchTurnEvents(spec: SearchTurnSpec): SseEvent[] {
  const usage = { input_tokens: spec.usage?.input_tokens ?? 50, output_tokens: spec.usage?.output_tokens ?? 20 };
  const events: SseEvent[] = [{
    event: "message_start",
    data: { type: "message_start", message: {
      id: spec.id ?? "msg_search", type: "message", role: "assistant", model: spec.model ?? "claude-sonnet-5-5", content: [],
      stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    } },
  }];
  let index = 0;
  spec.searches.forEach((search, at) => {
    const id = `srvtoolu_${at}`;
    events.push(...blockEvents(index++, { type: "server_tool_use", id, name: "web_search", input: {} }, [
      { type: "input_json_delta", partial_json: JSON.stringify({ query: search.query }) },
    ]));
    const content = search.errorCode !== undefined
      ? { type: "web_search_tool_result_error", error_code: search.errorCode }
      : (search.results ?? []).map((result) => ({ type: "web_search_result", title: result.title, url: result.url, encrypted_content: "enc", page_age: null }));
    events.push(...blockEvents(index++, { type: "web_search_tool_result", tool_use_id: id, content }));
  });
  for (const part of spec.summary) {
    const citations = (part.cites ?? []).map((cite) => ({ type: "citations_delta", citation: { type: "web_search_result_location", url: cite.url, title: cite.title, cited_text: "…", encrypted_index: "e" } }));
    events.push(...blockEvents(index++, { type: "text", text: "", citations: null }, [{ type: "text_delta", text: part.text }, ...citations]));
  }
  events.push({
    event: "message_delta",
    data: { type: "message_delta", delta: { stop_reason: spec.stopReason ?? "end_turn", stop_sequence: null }, usage: { output_tokens: usage.output_tokens, server_tool_use: { web_search_requests: spec.searches.length, web_fetch_requests: 0 } } },
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  return events;
}

/** A reply that streams the search turn. */
export function searchTurn(spec: SearchTurnSpec): Reply {
  return {
    kind: "http_error",
    status: 200,
    headers: { "content-type": "text/event-stream" },
    rawBody: searchTurnEvents(spec).map(frameEvent).join(""),
  };
}
