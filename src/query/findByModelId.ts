/**
 * Looks a model id up in a table keyed by model ids, so that one entry serves the dated ids
 * (claude-opus-4-5-20251101), provider prefixes (anthropic.claude-..., us.anthropic.claude-...),
 * the `[1m]` context tag and Bedrock's version tail (-v1:0). The longest matching key wins, and a
 * key matches only at a boundary: claude-sonnet-5 does not answer for a future claude-sonnet-5-7.
 */

// What may follow a key: the end, a [1m]-style tag, an @ or : suffix, a date, a -v<n> version.
const BOUNDARY = /^(?:$|\[|@|:|-\d{8}(?:$|\D)|-v\d)/;

/** The model id from "claude-" on, in lower case; undefined when it names no Claude model. */
export function canonicalModelId(model: string): string | undefined {
  const lower = model.trim().toLowerCase();
  const at = lower.indexOf("claude-");
  return at === -1 ? undefined : lower.slice(at);
}

/** The entry for the model, or undefined when no key matches. */
export function findByModelId<T>(table: Readonly<Record<string, T>>, model: string): T | undefined {
  const id = canonicalModelId(model);
  if (id === undefined) return undefined;
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    if (!id.startsWith(key) || !BOUNDARY.test(id.slice(key.length))) continue;
    if (best === undefined || key.length > best.length) best = key;
  }
  return best === undefined ? undefined : table[best];
}
