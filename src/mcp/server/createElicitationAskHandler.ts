/**
 * Permission questions of served calls, asked of the client's person through MCP elicitation:
 * "allow once" or "deny". There is no "always": a client's answer is for one call, and saving
 * rules stays with the person at toolshed's own terminal (or `.toolshed/settings.json`).
 */
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { AskHandler } from "../../permissions/askHandler.ts";
import { ALLOW_ONCE, APPROVAL_FIELD_DESCRIPTION, APPROVAL_FIELD_TITLE, approvalQuestion, DENY } from "./prompt.ts";
import type { McpRequestExtra } from "./McpRequestExtra.ts";

/** How long a person has to answer before the call is refused. */
export const APPROVAL_TIMEOUT_MS = 10 * 60_000;
const MAX_INPUT_CHARS = 2000;

function shownInput(input: { [key: string]: unknown }): string {
  const text = JSON.stringify(input);
  return text.length <= MAX_INPUT_CHARS ? text : `${text.slice(0, MAX_INPUT_CHARS)}... (${text.length} characters)`;
}

/** Whether the client said it can answer form elicitations (an empty capability means form). */
export function supportsFormElicitation(capabilities: { elicitation?: { form?: object; url?: object } } | undefined): boolean {
  const elicitation = capabilities?.elicitation;
  if (elicitation === undefined) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** An ask handler for one call, sending its question on that call's own request (`extra`). */
export function createElicitationAskHandler(extra: McpRequestExtra): AskHandler {
  return {
    interactive: true,
    async ask({ tool, input, decision, signal }) {
      const message = approvalQuestion({ summary: tool.userFacingName(input), reason: decision.reason, input: shownInput(input) });
      try {
        // Sent as a request of its own (not the SDK's elicitInput, which wants `form` spelled out).
        const answer = await extra.sendRequest({
          method: "elicitation/create",
          params: {
            message,
            requestedSchema: {
              type: "object",
              properties: { decision: { type: "string", title: APPROVAL_FIELD_TITLE, description: APPROVAL_FIELD_DESCRIPTION, enum: [ALLOW_ONCE, DENY] } },
              required: ["decision"],
            },
          },
        }, ElicitResultSchema, { signal, timeout: APPROVAL_TIMEOUT_MS });
        return answer.action === "accept" && answer.content?.decision === ALLOW_ONCE ? "yes" : "no";
      } catch {
        // No answer (cancelled, timed out, or the client failed): the call does not run.
        return "no";
      }
    },
  };
}
