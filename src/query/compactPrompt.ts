/** Every word of a compaction the model reads: how to summarize, and how the summary is handed back. */
/** The system prompt of the summary request. */
export const COMPACT_SYSTEM_PROMPT =
  "You write the working summary of a coding session, so that the session can go on from the summary alone once the " +
  "conversation it summarizes is dropped. Be exact about names, paths, commands and decisions; leave out pleasantries.";

/** The request that ends the conversation sent to be summarized. */
export function compactInstructionText(customInstructions: string | undefined): string {
  const custom = customInstructions?.trim();
  return [
    "Stop here and write a summary of the whole conversation above. It will replace the conversation: whoever continues " +
      "the work will see only your summary, so include everything needed to carry on without asking again.",
    "",
    "Use these sections:",
    "1. Requests: what the user asked for, in order, quoting the latest request word for word.",
    "2. Context: the files, functions, commands, settings and constraints that matter, with exact paths and names.",
    "3. Done so far: what was changed, found out or decided, and why.",
    "4. Problems: errors met and how they were solved, or that they are still open.",
    "5. Next: the task in progress at the end of the conversation and the next step, if there is one.",
    "",
    "Do not call any tools. Answer with the summary only.",
    ...(custom === undefined || custom === "" ? [] : ["", `Further instructions for this summary, from the user:\n${custom}`]),
  ].join("\n");
}

/**
 * The message that replaces the summarized conversation. `next` says what follows it: the user's
 * message (a person compacted, or a new prompt is kept as it was), or nothing, and the model
 * carries on with the work it was doing.
 */
export function compactSummaryText(summary: string, next: "prompt" | "continue"): string {
  const after = next === "continue"
    ? "Continue the work from where it stopped, without asking the user to repeat anything."
    : "The user's next message follows.";
  return "This session continues a conversation that was compacted to save context. The earlier messages were replaced by " +
    `this summary of them:\n\n<summary>\n${summary}\n</summary>\n\n${after}`;
}

/** How a tool call looks in the text sent to be summarized. */
export function toolCallText(name: string, input: string): string {
  return `[called the tool ${name} with ${input}]`;
}

/** How a tool result looks in the text sent to be summarized. */
export function toolResultText(text: string, isError: boolean): string {
  return `[${isError ? "error from the tool" : "the tool returned"}: ${text}]`;
}
