/**
 * What a glob pattern of one path segment picks, as bash and find's -name read it: a bracket class
 * is one character (a negated one nearly any), an escaped character is itself. (A shell word's
 * value has lost its escapes: `rm ./*\?` reads as `./*?` here.)
 */

/** The pattern with each escape and class as one character: the escaped character as itself (`#`), or `x` for an escaped wildcard (`\*` names a `*`); `?` for a negated class, `x` for another. */
export function asWildcards(pattern: string): string {
  return pattern.replace(/\\(.)/g, (_whole, character: string) => (/[*?[\]\\]/.test(character) ? "x" : character)).replace(/\[[!^]\]?[^\]]*\]/g, "?").replace(/\[\]?[^\]]*\]/g, "x");
}

/** Wildcards alone, one `*` among them (`*`, `?*`, `**`, `[!.]*`): every name of some length, so every name there is in practice. */
export function matchesEveryName(pattern: string): boolean {
  return /^[*?]*\*[*?]*$/.test(asWildcards(pattern));
}

/** A dot, then wildcards alone (`.*`, `.[!.]*`, `.??*`): every hidden name. */
export function matchesEveryHiddenName(pattern: string): boolean {
  return pattern.startsWith(".") && matchesEveryName(pattern.slice(1));
}

/** Every name or every hidden name (see above): what a folder holds, in practice. */
export function matchesEveryEntry(pattern: string): boolean {
  return matchesEveryName(pattern) || matchesEveryHiddenName(pattern);
}
