/**
 * What /clear, /compact and /resume do to the conversation: each puts other messages in its place
 * (nothing, the model's summary, a saved transcript's) and moves the writing to the matching
 * transcript, so `--continue` always finds the conversation as it now stands.
 */
import { describeError } from "../../errors/describeError.ts";
import { compactedConversationText } from "../../query/compactPrompt.ts";
import { summarizeConversation } from "../../query/summarizeConversation.ts";
import type { TerminalController } from "../TerminalController.ts";
import { nextItemId } from "../terminalState.ts";

/** Forgets the conversation and starts a new transcript. */
export function clearConversation(controller: TerminalController): void {
  controller.options.transcript.startNew();
  controller.replaceConversation([], { clearScreen: true });
}

/** Replaces the conversation with the model's summary of it, in a new transcript; Escape stops it and keeps the conversation. */
export async function compactConversation(controller: TerminalController, focus: string | undefined): Promise<void> {
  const started = await controller.runTask("Summarizing the conversation", async (signal) => {
    try {
      const parts = controller.modelParts;
      const summary = await summarizeConversation({
        ...parts,
        messages: controller.conversation.messages,
        context: controller.session.context,
        accounting: controller.conversation.accounting,
        focus,
        signal,
      });
      const opening = { role: "user" as const, content: compactedConversationText(summary) };
      controller.options.transcript.startNew(opening);
      controller.replaceConversation([opening], { clearScreen: false });
      controller.print(
        { kind: "notice", id: nextItemId(), level: "info", text: "The conversation was summarized; the summary stands in for it from here:" },
        { kind: "assistant", id: nextItemId(), text: summary, continued: false },
      );
    } catch (error) {
      controller.notice("error", signal.aborted ? "The summary was interrupted; the conversation is as it was." : `The conversation could not be summarized: ${describeError(error)}`);
    }
  });
  if (!started) controller.notice("warning", "Something is still running; /compact once it has finished.");
}

/** Takes up a saved conversation: its messages, its transcript, its screen. */
export function resumeConversation(controller: TerminalController, path: string, id: string): void {
  const messages = controller.options.transcript.resume(path, id);
  controller.replaceConversation(messages, { clearScreen: true });
  controller.showHistory();
}
