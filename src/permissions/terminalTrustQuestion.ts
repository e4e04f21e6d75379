/** Asks at the terminal whether to trust the working folder, showing what trusting it would apply. */
import { nextTerminalLine } from "./terminalLines.ts";

/** Reads yes or no from standard input; anything else (or a closed input) is no. */
export async function askTrustAtTerminal(
  skipped: readonly string[],
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<boolean> {
  output.write(`This folder's settings would apply:\n${skipped.map((item) => `  - ${item}`).join("\n")}\n`);
  output.write("Trust this folder and apply them? [y]es / [n]o: ");
  const reply = await nextTerminalLine(input);
  return reply !== undefined && /^y(es)?$/i.test(reply.trim());
}
