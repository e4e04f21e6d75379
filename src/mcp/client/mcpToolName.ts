/**
 * The names MCP tools get in the pool: `mcp__<server>__<tool>`, every character outside
 * `[A-Za-z0-9_-]` replaced by `_`, at most 64 characters. A name that had to be cut, or that two
 * tools would share, ends in a short hash of the original names, so each stays distinct and
 * stable from one session to the next.
 */

/** The API's limit on a tool name. */
export const MAX_TOOL_NAME_CHARS = 64;
const HASH_CHARS = 6;

/** `s` with every character outside `[A-Za-z0-9_-]` replaced by `_`. */
export function normalizeNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, "_");
}

function shortHash(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, HASH_CHARS);
}

/** `name` cut to fit `limit` with `_<hash of original>` at its end. */
function withHash(name: string, original: string, limit: number): string {
  return `${name.slice(0, limit - HASH_CHARS - 1)}_${shortHash(original)}`;
}

/**
 * How to show a tool call by an MCP name when its tool is not in the pool (yet): "server - tool
 * (MCP)", as the adapted tool shows itself; undefined for a name that is not an MCP tool's.
 */
export function readableMcpToolName(name: string): string | undefined {
  const parts = /^mcp__(.+?)__(.+)$/.exec(name);
  return parts === null ? undefined : `${parts[1]} - ${parts[2]} (MCP)`;
}

/** The prefix every tool of a server shares: `mcp__<server>__`. */
export function mcpToolPrefix(serverPart: string): string {
  return `mcp__${serverPart}__`;
}

/**
 * The server part of each server's tool names, in the order given. Names that normalize alike
 * ("my.server", "my_server") keep apart by a hash, except one that needed no change; a server
 * part is kept short enough to leave room for tool names. A part never holds `__` and never
 * starts or ends with `_`: `mcp__github` and `mcp__github__*` must name the tools of the server
 * "github" only, not those of one a repository named "github__helper" or "github_" (such names
 * have their underscores folded and always carry a hash).
 */
export function assignServerParts(serverNames: readonly string[]): string[] {
  return assignDistinct(serverNames, 40, "", (name) => {
    const part = normalizeNamePart(name);
    if (!/__|^_|_$/.test(part)) return { part, hashed: false };
    return { part: part.replace(/_+/g, "_").replace(/^_|_$/g, "") || "server", hashed: true };
  });
}

/** The full tool names for one server's tools, in the order given, all distinct. */
export function assignToolNames(serverPart: string, toolNames: readonly string[]): string[] {
  const prefix = mcpToolPrefix(serverPart);
  return assignDistinct(toolNames, MAX_TOOL_NAME_CHARS - prefix.length, `${serverPart}\u0000`).map((part) => `${prefix}${part}`);
}

/** Normalized forms of `names`, each at most `limit` long, all distinct; `normalize` may insist on a hash. */
function assignDistinct(
  names: readonly string[],
  limit: number,
  salt = "",
  normalize: (name: string) => { part: string; hashed: boolean } = (name) => ({ part: normalizeNamePart(name), hashed: false }),
): string[] {
  const forms = names.map(normalize);
  const normalized = forms.map((form) => form.part);
  const counts = new Map<string, number>();
  for (const name of normalized) counts.set(name, (counts.get(name) ?? 0) + 1);
  const result = normalized.map((name, index) => {
    const original = names[index] ?? "";
    const shared = (counts.get(name) ?? 0) > 1 && name !== original;
    return name.length > limit || shared || name === "" || forms[index]?.hashed === true ? withHash(name, `${salt}${original}`, limit) : name;
  });
  // Two originals that are both unchanged cannot clash (they are equal), but a hashed name could
  // land on another one by chance: resolve any leftover clash by hashing the later one again.
  const taken = new Set<string>();
  return result.map((name, index) => {
    let candidate = name;
    for (let round = 1; taken.has(candidate); round++) candidate = withHash(name, `${salt}${names[index] ?? ""}#${round}`, limit);
    taken.add(candidate);
    return candidate;
  });
}
