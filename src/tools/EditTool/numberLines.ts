/** Lines of text numbered the way Read shows them: the number, a tab, the line. */

/** Lines `first`..`last` (1-based, inclusive, clamped) of `lines`, numbered. */
export function numberLines(lines: readonly string[], first: number, last: number): string {
  const from = Math.max(1, first);
  const to = Math.min(lines.length, last);
  const shown: string[] = [];
  for (let line = from; line <= to; line++) shown.push(`${line}\t${lines[line - 1]}`);
  return shown.join("\n");
}
