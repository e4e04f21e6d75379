/**
 * What a glob pattern of one path segment picks, as bash and find's -name read it: a bracket class
 * is one character (a negated one nearly any), an escaped character is itself.
 */

/** The pattern with each class and escape as one character: `?` for a negated class, `x` for another, the character for an escape. */
export function asWildcards(pattern: string): string {
  return pattern.replace(/\[[!^]\]?[^\]]*\]/g, "?").replace(/\[\]?[^\]]*\]/g, "x").replace(/\\(.)/g, "$1");
}

/** Wildcards alone, one `*` among them (`*`, `?*`, `**`, `[!.]*`): every name of some length, so every name there is in practice. */
export function matchesEveryName(pattern: string): boolean {
  return /^[*?]*\*[*?]*$/.test(asWildcards(pattern));
}

/** A dot, then wildcards alone (`.*`, `.[!.]*`, `.??*`): every hidden name. */
export function matchesEveryHiddenName(pattern: string): boolean {
  return pattern.startsWith(".") && matchesEveryName(pattern.slice(1));
}
