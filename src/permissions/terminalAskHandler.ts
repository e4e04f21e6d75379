/** Asks at the terminal: shows the tool, its input and the reason, and reads yes / no / always. */
import type { AskAnswer, AskHandler, AskRequest } from "./askHandler.ts";
import { nextTerminalLine } from "./terminalLines.ts";

const ANSWERS: Record<string, AskAnswer> = { y: "yes", yes: "yes", n: "no", no: "no", a: "always", always: "always" };

export function formatQuestion({ tool, input, decision }: AskRequest): string {
  const summary = tool.getToolUseSummary?.(input) ?? JSON.stringify(input, null, 2);
  return `${tool.userFacingName(input)} wants to run:\n  ${summary.split("\n").join("\n  ")}\n` +
    `Reason: ${decision.reason}\n`;
}

/** An ask handler reading answers from `input` and writing questions to `output`. */
export function createTerminalAskHandler(input?: NodeJS.ReadableStream, output?: NodeJS.WritableStream): AskHandler {
  return {
    interactive: true,
    async ask(request) {
      // The process streams are touched only when a question is asked: they cost start-up time.
      const reader = input ?? process.stdin;
      const writer = output ?? process.stderr;
      if (request.signal?.aborted) return "no";
      writer.write(formatQuestion(request));
      for (;;) {
        writer.write("Allow? [y]es / [n]o / [a]lways: ");
        // A closed input means nobody is there to say yes; Ctrl-C answers no and lets go of the input.
        const line = await nextTerminalLine(reader, request.signal);
        if (line === undefined) return "no";
        const answer = ANSWERS[line.trim().toLowerCase()];
        if (answer !== undefined) return answer;
        writer.write("Please answer y, n or a.\n");
      }
    },
  };
}
