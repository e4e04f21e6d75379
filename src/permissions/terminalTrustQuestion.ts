/** Asks at the terminal whether to trust the working folder, showing what trusting it would apply. */

/** Reads yes or no from standard input; anything else (or a closed input) is no. */
export async function askTrustAtTerminal(
  skipped: readonly string[],
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const lines = createInterface({ input, output, terminal: false });
  try {
    output.write(`This folder's settings would apply:\n${skipped.map((item) => `  - ${item}`).join("\n")}\n`);
    const reply = await lines.question("Trust this folder and apply them? [y]es / [n]o: ");
    return /^y(es)?$/i.test(reply.trim());
  } catch {
    return false;
  } finally {
    lines.close();
  }
}
