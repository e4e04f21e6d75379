/**
 * What /clear, /compact and /resume do to the conversation: each puts other messages in its place
 * (nothing, the model's summary, a saved transcript's). /clear starts a new transcript; /compact
 * records its summary in the same one (a resume reads back from the summary on); /resume goes on
 * writing the transcript it took up. So `--continue` always finds the conversation as it stands.
 */
import { compactConversation as compact } from "../../query/compactConversation.ts";
import type { TerminalController } from "../TerminalController.ts";
import { nextItemId } from "../terminalState.ts";

/** Forgets the conversation and starts a new transcript. */
export function clearConversation(controller: TerminalController): void {
  controller.options.transcript.startNew();
  controller.replaceConversation([], { clearScreen: true });
}

/** Replaces the conversation with the model's summary of it (PreCompact hooks may forbid it); Escape stops it and keeps the conversation. */
export async function compactConversation(controller: TerminalController, focus: string | undefined): Promise<void> {
  const started = await controller.runTask("Summarizing the conversation", async (signal) => {
    const outcome = await compact({
      messages: controller.conversation.messages,
      model: controller.conversation.model,
      context: controller.session.context,
      trigger: "manual",
      customInstructions: focus,
      transcript: controller.options.transcript.writer,
      signal,
    });
    if (outcome.kind !== "compacted") {
      controller.notice(outcome.kind === "aborted" ? "warning" : "error", `The conversation was not compacted: ${outcome.error}.`);
      return;
    }
    controller.replaceConversation(outcome.messages, { clearScreen: false });
    controller.print(
      { kind: "notice", id: nextItemId(), level: "info", text: "The conversation was summarized; the summary stands in for it from here:" },
      { kind: "assistant", id: nextItemId(), text: outcome.summary, continued: false },
    );
  });
  if (!started) controller.notice("warning", "Something is still running; /compact once it has finished.");
}

/** Takes up a saved conversation: its messages, its transcript, its screen. */
export function resumeConversation(controller: TerminalController, path: string, id: string): void {
  const messages = controller.options.transcript.resume(path, id);
  controller.replaceConversation(messages, { clearScreen: true });
  controller.showHistory();
}
