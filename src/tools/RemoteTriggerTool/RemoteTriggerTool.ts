/** RemoteTrigger: list/get/create/update/run triggers on the endpoint named in settings. */
import type * as Z from "zod/mini";
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { readStreamText } from "../../files/readStreamText.ts";
import { DESCRIPTION, MAX_RESPONSE_CHARS, REMOTE_TRIGGER_TOOL_NAME, REQUEST_TIMEOUT_MS, renderPrompt } from "./prompt.ts";
import { remoteTriggerEndpoint } from "./remoteTriggerSettings.ts";

const ACTIONS = ["list", "get", "create", "update", "run"] as const;

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  action: z.enum(ACTIONS).check(z.describe("What to do: list, get, create, update or run")),
  trigger_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_:-][A-Za-z0-9_.:-]*$/, "letters, digits and _ . : - only, not starting with a dot")))
    .check(z.describe("The trigger to get, update or run")),
  body: z.optional(z.record(z.string(), z.unknown())).check(z.describe("The JSON object to send for create, update or run")),
});

type Input = Z.infer<ReturnType<typeof inputSchema>>;

export interface RemoteTriggerOutput {
  action: Input["action"];
  status: number;
  body: string;
  truncated: boolean;
}

const NEEDS_ID: ReadonlySet<string> = new Set(["get", "update", "run"]);
const NEEDS_BODY: ReadonlySet<string> = new Set(["create", "update"]);
const READS: ReadonlySet<string> = new Set(["list", "get"]);

function request(input: Input): { method: string; path: string } {
  const id = encodeURIComponent(input.trigger_id ?? "");
  switch (input.action) {
    case "list":
      return { method: "GET", path: "/triggers" };
    case "get":
      return { method: "GET", path: `/triggers/${id}` };
    case "create":
      return { method: "POST", path: "/triggers" };
    case "update":
      return { method: "PATCH", path: `/triggers/${id}` };
    case "run":
      return { method: "POST", path: `/triggers/${id}/run` };
  }
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export const RemoteTriggerTool = buildTool({
  name: REMOTE_TRIGGER_TOOL_NAME,
  searchHint: "remote trigger schedule run api",
  inputSchema,
  maxResultSizeChars: 100_000,
  isConcurrencySafe: (input) => READS.has(input.action),
  isReadOnly: (input) => READS.has(input.action),
  getToolUseSummary: (input) => (input?.action === undefined ? null : `${input.action}${input.trigger_id ? ` ${input.trigger_id}` : ""}`),
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input) {
    if (NEEDS_ID.has(input.action) && input.trigger_id === undefined) {
      return { result: false, message: `action "${input.action}" needs trigger_id. Use action "list" to see the triggers.` };
    }
    if (NEEDS_BODY.has(input.action) && input.body === undefined) {
      return { result: false, message: `action "${input.action}" needs body, a JSON object describing the trigger.` };
    }
    return { result: true };
  },
  async call(input, { context, signal }) {
    const endpoint = remoteTriggerEndpoint(context);
    const { method, path } = request(input);
    const url = `${endpoint.baseUrl}${path}`;
    const hasBody = input.body !== undefined && method !== "GET";
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: hasBody ? { ...endpoint.headers, "content-type": "application/json" } : endpoint.headers,
        body: hasBody ? JSON.stringify(input.body) : undefined,
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        redirect: "error",
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === "TimeoutError"
        ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} seconds`
        : error instanceof Error ? error.message : String(error);
      throw new ToolError(`Could not reach the trigger service at ${url}: ${reason}.`);
    }
    let text: string;
    try {
      // Enough bytes for MAX_RESPONSE_CHARS characters of any UTF-8; the rest is never read.
      text = pretty((await readStreamText(response.body, MAX_RESPONSE_CHARS * 4)).text);
    } catch (error) {
      throw new ToolError(`The trigger service at ${url} stopped sending its answer: ${error instanceof Error && error.name === "TimeoutError" ? `not done within ${REQUEST_TIMEOUT_MS / 1000} seconds` : String(error)}.`);
    }
    const truncated = text.length > MAX_RESPONSE_CHARS;
    const body = truncated ? text.slice(0, MAX_RESPONSE_CHARS) : text;
    if (!response.ok) {
      throw new ToolError(`The trigger service answered ${method} ${path} with ${response.status} ${response.statusText}: ${body.slice(0, 2_000) || "(empty body)"}`);
    }
    return { data: { action: input.action, status: response.status, body, truncated } };
  },
  mapToolResultToToolResultBlockParam(output: RemoteTriggerOutput, toolUseId) {
    const note = output.truncated ? `\n(The answer was cut at ${MAX_RESPONSE_CHARS} characters.)` : "";
    return { type: "tool_result", tool_use_id: toolUseId, content: `${output.action}: ${output.status}\n${output.body || "(empty body)"}${note}` };
  },
});
