/**
 * Reads a paginated MCP list to its end: every page, following `nextCursor`, with a cap on
 * pages and items and a guard against a server that hands back a cursor it already gave.
 */

/** One page as the SDK returns it. */
export interface ListPage<T> {
  items: T[];
  nextCursor?: string;
}

/** Everything read, and why reading stopped early (for a warning), if it did. */
export interface ListedItems<T> {
  items: T[];
  cutShort?: string;
}

/** Reads pages with `fetchPage` until there is no next cursor or a cap is reached. */
export async function listAllPages<T>(fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>, limits: { maxPages: number; maxItems: number }): Promise<ListedItems<T>> {
  const items: T[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    if (items.length > limits.maxItems) {
      return { items: items.slice(0, limits.maxItems), cutShort: `it lists more than ${limits.maxItems}; only the first ${limits.maxItems} are used` };
    }
    cursor = result.nextCursor;
    if (cursor === undefined) return { items };
    if (cursors.has(cursor)) return { items, cutShort: `it handed back a page cursor it had already given, so listing stopped after ${page} pages` };
    if (page >= limits.maxPages) return { items, cutShort: `it has more than ${limits.maxPages} pages; only those were read` };
    cursors.add(cursor);
  }
}
