/**
 * A proposed file change as the permission question shows it: the hunks of a unified diff with
 * line numbers, removed lines red and added lines green, cut after a screenful.
 */
import { structuredPatch } from "diff";
import type { ProposedFileChange } from "../Tool.ts";
import type { Style } from "./style.ts";

/** The most diff lines a question shows; the rest is counted. */
export const MAX_DIFF_LINES = 40;
/** A diff that takes longer than this to work out is not shown (a huge rewrite). */
const DIFF_TIMEOUT_MS = 250;

/** The diff's lines, or undefined when there is no difference to show (or it took too long to find). */
export function renderDiff(change: ProposedFileChange, style: Style, maxLines: number = MAX_DIFF_LINES): string[] | undefined {
  const patch = structuredPatch(change.path, change.path, change.before ?? "", change.after, undefined, undefined, { context: 3, timeout: DIFF_TIMEOUT_MS });
  if (patch === undefined || patch.hunks.length === 0) return undefined;
  const lines: string[] = [];
  const widest = String(Math.max(...patch.hunks.map((hunk) => Math.max(hunk.oldStart + hunk.oldLines, hunk.newStart + hunk.newLines)))).length;
  for (const hunk of patch.hunks) {
    if (lines.length > 0) lines.push(style.dim("  ⋮"));
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const text = line.slice(1);
      if (line.startsWith("\\")) continue; // "\ No newline at end of file"
      if (line.startsWith("-")) {
        lines.push(style.color("removed", `${String(oldLine).padStart(widest)} - ${text}`));
        oldLine++;
      } else if (line.startsWith("+")) {
        lines.push(style.color("added", `${String(newLine).padStart(widest)} + ${text}`));
        newLine++;
      } else {
        lines.push(style.dim(`${String(newLine).padStart(widest)}   ${text}`));
        oldLine++;
        newLine++;
      }
    }
  }
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines), style.dim(`… ${lines.length - maxLines} more lines`)];
}
