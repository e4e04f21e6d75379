/**
 * What Ink writes the screen to: the process's standard output through toolshed's own ordered
 * writer, with the terminal's size and its `resize` event taken from the tty stream. Ink's
 * default, the Node stream `process.stdout`, pulls Bun's whole stream layer in on its first
 * write, which would cost the first frame tens of milliseconds.
 */
import { EventEmitter } from "node:events";

/** The part of a writable stream Ink uses. */
export interface InkOutput extends EventEmitter {
  readonly columns: number;
  readonly rows: number;
  readonly isTTY: true;
  readonly writable: true;
  /** Like a stream's write: the callback runs once this text (and all before it) is out. */
  write(text: string, encoding?: unknown, callback?: () => void): boolean;
}

/** An output for Ink over `write`; `close()` stops listening for resizes. */
export function createInkOutput(write: (text: string) => unknown): { output: InkOutput; close(): void } {
  const tty = process.stdout;
  let columns = tty.columns ?? 80;
  let rows = tty.rows ?? 24;
  const output = new EventEmitter() as InkOutput;
  // Getters (not values): the size changes with the window.
  Object.defineProperties(output, {
    columns: { get: () => columns },
    rows: { get: () => rows },
    isTTY: { value: true },
    writable: { value: true },
    write: {
      value(text: string, encoding?: unknown, callback?: () => void) {
        const done = typeof encoding === "function" ? (encoding as () => void) : callback;
        // Ink waits on an empty write's callback before it lets go of the screen.
        void Promise.resolve(write(text)).then(() => done?.(), () => done?.());
        return true;
      },
    },
  });
  const onResize = () => {
    columns = tty.columns ?? columns;
    rows = tty.rows ?? rows;
    output.emit("resize");
  };
  tty.on("resize", onResize);
  return { output, close: () => tty.off("resize", onResize) };
}
