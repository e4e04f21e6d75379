/**
 * Whether one of the standard streams is a terminal, asked of the runtime's tty binding:
 * `process.stdin.isTTY` first builds the whole Node stream, about 4 ms of a compiled binary's
 * start-up (as much as the rest of `--version`). Where the binding is missing, the stream answers.
 */

type TtyBinding = { isTTY(fd: number): unknown };

let binding: TtyBinding | null | undefined;

function ttyBinding(): TtyBinding | null {
  if (binding !== undefined) return binding;
  try {
    const found = (process as unknown as { binding(name: string): unknown }).binding("tty_wrap");
    binding = typeof found === "object" && found !== null && typeof (found as TtyBinding).isTTY === "function" ? (found as TtyBinding) : null;
  } catch {
    binding = null;
  }
  return binding;
}

/** True when file descriptor `fd` (0, 1 or 2) is a terminal. */
export function isTerminal(fd: 0 | 1 | 2): boolean {
  const tty = ttyBinding();
  if (tty !== null) return tty.isTTY(fd) === true;
  return Boolean((fd === 0 ? process.stdin : fd === 1 ? process.stdout : process.stderr).isTTY);
}
