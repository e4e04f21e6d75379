/** Every word /compact says to the model: the request for a summary, and how the summary is handed on. */

/** Asks for the summary that stands in for the conversation from then on; `focus` is what the person asked it to keep. */
export function summaryRequestText(focus: string | undefined): string {
  const lines = [
    "Summarize our conversation so far, so that you can continue the work from the summary alone: the earlier messages will be replaced by it.",
    "Keep: what the user asked for and every decision or preference they stated; the files read, changed or created (with their paths) and why; commands run and what they showed;",
    "errors met and how they were fixed; what is finished, what is in progress, and the next steps. Quote exact names, paths and short code where they matter.",
    "Do not call any tool. Answer with the summary only, in plain Markdown.",
  ];
  if (focus !== undefined && focus.trim() !== "") lines.push(`Pay particular attention to: ${focus.trim()}`);
  return lines.join("\n");
}

/** The user message that opens the conversation after compaction. */
export function compactedConversationText(summary: string): string {
  return "This conversation continues an earlier one that was summarized to save context. The summary of everything before this point:\n\n" +
    `${summary.trim()}\n\nContinue from here; the user's next message follows.`;
}
