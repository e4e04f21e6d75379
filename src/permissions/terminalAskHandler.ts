/** Asks at the terminal: shows the tool, its input and the reason, and reads yes / no / always. */
import type { AskAnswer, AskHandler, AskRequest } from "./askHandler.ts";

const ANSWERS: Record<string, AskAnswer> = { y: "yes", yes: "yes", n: "no", no: "no", a: "always", always: "always" };

export function formatQuestion({ tool, input, decision }: AskRequest): string {
  const summary = tool.getToolUseSummary?.(input) ?? JSON.stringify(input, null, 2);
  return `${tool.userFacingName(input)} wants to run:\n  ${summary.split("\n").join("\n  ")}\n` +
    `Reason: ${decision.reason}\n`;
}

/** An ask handler reading answers from `input` and writing questions to `output`. */
export function createTerminalAskHandler(input?: NodeJS.ReadableStream, output?: NodeJS.WritableStream): AskHandler {
  // One line reader for the handler's life, so answers typed ahead are not lost between questions.
  let lines: AsyncIterator<string> | undefined;
  let reader: import("node:readline").Interface | undefined;
  return {
    interactive: true,
    async ask(request) {
      // The process streams are touched only when a question is asked: they cost start-up time.
      const writer = output ?? process.stderr;
      if (request.signal?.aborted) return "no";
      if (lines === undefined) {
        const { createInterface } = await import("node:readline");
        reader = createInterface({ input: input ?? process.stdin, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
        lines = reader[Symbol.asyncIterator]();
      }
      const current = lines;
      // Ctrl-C while the question is open answers no and lets go of standard input.
      const aborted = new Promise<"aborted">((resolve) => {
        if (request.signal?.aborted) resolve("aborted");
        else request.signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
      });
      writer.write(formatQuestion(request));
      for (;;) {
        writer.write("Allow? [y]es / [n]o / [a]lways: ");
        const next = await Promise.race([current.next(), aborted]);
        if (next === "aborted") {
          reader?.close();
          reader = undefined;
          lines = undefined;
          return "no";
        }
        if (next.done) return "no"; // The input closed: nobody is there to say yes.
        const answer = ANSWERS[next.value.trim().toLowerCase()];
        if (answer !== undefined) return answer;
        writer.write("Please answer y, n or a.\n");
      }
    },
  };
}
