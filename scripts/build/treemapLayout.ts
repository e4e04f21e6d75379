/** Squarified treemap layout: rectangles whose areas follow the values and whose sides stay near square. */

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TreemapItem<T> {
  value: number;
  item: T;
}

export type PlacedItem<T> = Rectangle & { item: T; value: number };

function worstRatio(row: readonly number[], side: number, scale: number): number {
  const areas = row.map((value) => value * scale);
  const sum = areas.reduce((total, area) => total + area, 0);
  const largest = Math.max(...areas);
  const smallest = Math.min(...areas);
  const sideSquared = side * side;
  return Math.max((sideSquared * largest) / (sum * sum), (sum * sum) / (sideSquared * smallest));
}

/** Lays out `items` (any order; zero values are dropped) inside `bounds`, largest first. */
export function squarify<T>(items: ReadonlyArray<TreemapItem<T>>, bounds: Rectangle): Array<PlacedItem<T>> {
  const sorted = items.filter((entry) => entry.value > 0).sort((a, b) => b.value - a.value);
  const total = sorted.reduce((sum, entry) => sum + entry.value, 0);
  if (total === 0 || bounds.width <= 0 || bounds.height <= 0) return [];
  const scale = (bounds.width * bounds.height) / total;
  const placed: Array<PlacedItem<T>> = [];
  let free = { ...bounds };
  let index = 0;
  while (index < sorted.length) {
    const side = Math.min(free.width, free.height);
    const row: Array<TreemapItem<T>> = [sorted[index] as TreemapItem<T>];
    index++;
    while (index < sorted.length) {
      const candidate = [...row, sorted[index] as TreemapItem<T>];
      if (worstRatio(candidate.map((entry) => entry.value), side, scale) > worstRatio(row.map((entry) => entry.value), side, scale)) break;
      row.push(sorted[index] as TreemapItem<T>);
      index++;
    }
    const rowArea = row.reduce((sum, entry) => sum + entry.value, 0) * scale;
    const horizontal = free.width >= free.height; // lay the row along the shorter side
    const thickness = rowArea / side;
    let offset = 0;
    for (const entry of row) {
      const length = (entry.value * scale) / thickness;
      placed.push(horizontal
        ? { x: free.x, y: free.y + offset, width: thickness, height: length, item: entry.item, value: entry.value }
        : { x: free.x + offset, y: free.y, width: length, height: thickness, item: entry.item, value: entry.value });
      offset += length;
    }
    free = horizontal
      ? { x: free.x + thickness, y: free.y, width: free.width - thickness, height: free.height }
      : { x: free.x, y: free.y + thickness, width: free.width, height: free.height - thickness };
  }
  return placed;
}
