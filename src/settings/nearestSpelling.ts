/** The valid word a mistyped one most likely meant: a few edits away (a swap of two letters counts as one). */

/** Edits between `a` and `b` (insert, delete, replace, swap neighbours), case ignored. */
export function editDistance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  const rows: number[][] = [];
  for (let i = 0; i <= left.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= right.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[left.length] as number[])[right.length] as number;
}

/** The candidate closest to `word` when it is close enough to be a slip (at most a third of its letters, three at most), else undefined. */
export function nearestSpelling(word: string, candidates: readonly string[]): string | undefined {
  const allowed = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const distance = editDistance(word, candidate);
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}
