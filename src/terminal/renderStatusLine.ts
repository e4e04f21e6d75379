/** The status line under the input: the model, the permission mode, how much of the context is used, and the cost so far. */
import stringWidth from "string-width";
import type { Style } from "./style.ts";
import type { StatusView } from "./terminalState.ts";
import { printableText } from "../text/printableText.ts";

/** How the modes read on the status line. */
export const MODE_LABELS: Readonly<Record<StatusView["mode"], string>> = {
  default: "ask before changes",
  acceptEdits: "accept edits",
  plan: "plan mode",
  dontAsk: "don't ask",
  bypassPermissions: "bypass permissions",
};

function tokens(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1)}M`;
  return count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count);
}

/** The parts of the status line, in the order shown. */
export function statusParts(status: StatusView): string[] {
  const percent = status.contextWindow > 0 ? Math.round((status.contextTokens / status.contextWindow) * 100) : 0;
  return [
    // A model name can come from a repository's settings.
    printableText(status.model),
    MODE_LABELS[status.mode],
    `context ${percent}% (${tokens(status.contextTokens)}/${tokens(status.contextWindow)})`,
    `$${status.costUsd.toFixed(status.costUsd >= 1 ? 2 : 4)}`,
    "shift+tab: mode",
  ];
}

/** Which parts go first when room is short: the model and the cost, then the mode, the context, the hint. */
const PRIORITY = [0, 3, 1, 2, 4];

/** One line of at most `width` columns: the parts that fit, by importance, shown in their usual order. */
export function renderStatusLine(status: StatusView, width: number, style: Style): string {
  const parts = statusParts(status);
  const separator = " · ";
  const kept: number[] = [];
  let used = 0;
  for (const index of PRIORITY) {
    const part = parts[index] as string;
    const extra = stringWidth(part) + (kept.length > 0 ? separator.length : 0);
    if (used + extra > width) continue;
    kept.push(index);
    used += extra;
  }
  const line = kept.sort((a, b) => a - b).map((index) => {
    const part = parts[index] as string;
    return index === 1 && status.mode !== "default" ? style.color("warning", part) : part;
  }).join(style.dim(separator));
  return style.dim(line);
}
