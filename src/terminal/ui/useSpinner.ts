/** A spinner frame that turns while `active` (a few times a second), for things that run. */
import { useEffect, useState } from "react";

export const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const FRAME_MS = 120;

export function useSpinner(active: boolean): string {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setFrame((current) => (current + 1) % SPINNER_FRAMES.length), FRAME_MS);
    return () => clearInterval(timer);
  }, [active]);
  return SPINNER_FRAMES[frame] as string;
}
