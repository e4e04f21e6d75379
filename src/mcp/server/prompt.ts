/**
 * Every word `toolshed mcp serve` sends to the client: its instructions, the question a call that
 * needs approval becomes, and the notes for what cannot be sent as MCP content.
 */

/** The server's instructions (shown to the client's model). */
export function serverInstructions(cwd: string): string {
  return `These are toolshed's tools, working in ${cwd}. Every call follows that folder's permission rules: a call the rules deny is refused; a call that needs approval is asked through elicitation when this client supports it, and refused otherwise with the rule that would allow it.`;
}

/** The elicitation a call that needs approval becomes. */
export function approvalQuestion(options: { summary: string; reason: string; input: string }): string {
  return `toolshed asks before running ${options.summary}.\nWhy it asks: ${options.reason}.\nInput: ${options.input}\nAllow it this once?`;
}

export const APPROVAL_FIELD_TITLE = "Decision";
export const APPROVAL_FIELD_DESCRIPTION = "Allow this one call, or deny it";
export const ALLOW_ONCE = "allow once";
export const DENY = "deny";

export function unsupportedPart(type: string): string {
  return `[a ${type} block that MCP content cannot carry]`;
}

export function runningNote(seconds: number): string {
  return `still running (${seconds} s)`;
}

export function internalFailure(message: string): string {
  return `toolshed failed while handling the call: ${message}`;
}
