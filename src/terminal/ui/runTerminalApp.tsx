/**
 * Mounts the screen on the process's terminal and keeps it until the person leaves: Ctrl-C is
 * the terminal's own key (not Ink's exit), pasted text arrives whole (bracketed paste), and the
 * screen is cleared when the conversation is replaced (/clear, /resume) so it is printed anew.
 */
import { render } from "ink";
import type { Style } from "../style.ts";
import type { TerminalController } from "../TerminalController.ts";
import { App } from "./App.tsx";

/** Clears the screen and its scrollback, and puts the cursor home. */
const CLEAR_SCREEN = "\u001B[2J\u001B[3J\u001B[H";

/** Shows the terminal until `controller.done`; resolves once the screen is let go. */
export async function runTerminalApp(controller: TerminalController, style: Style, onReady?: () => void): Promise<void> {
  const instance = render(<App controller={controller} style={style} />, {
    exitOnCtrlC: false,
    patchConsole: true,
    interactive: true,
    maxFps: 30,
  });
  let generation = controller.store.get().generation;
  const stop = controller.store.subscribe(() => {
    const next = controller.store.get().generation;
    if (next === generation) return;
    generation = next;
    instance.clear();
    process.stdout.write(CLEAR_SCREEN);
  });
  onReady?.();
  try {
    await controller.done;
  } finally {
    stop();
    instance.unmount();
    await instance.waitUntilExit().catch(() => undefined);
  }
}
