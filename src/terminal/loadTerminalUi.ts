/**
 * Loads the screen (Ink, React and the layout engine) on the interactive path only: nothing else
 * imports it, so `--version`, `-p` and `run` never pay for it. Ink reads `DEV` while it loads
 * (to reach React's devtools, which toolshed does not ship); it is hidden for that moment so a
 * `DEV=true` in the person's environment cannot make the binary look for files it does not have.
 */
export async function loadTerminalUi(): Promise<typeof import("./ui/runTerminalApp.tsx")> {
  const dev = process.env.DEV;
  if (dev !== undefined) delete process.env.DEV;
  try {
    return await import("./ui/runTerminalApp.tsx");
  } finally {
    if (dev !== undefined) process.env.DEV = dev;
  }
}
