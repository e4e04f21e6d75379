/** Every word the model reads about ToolSearch. */

export const TOOL_SEARCH_TOOL_NAME = "ToolSearch";
/** Tools found by keywords when max_results is not given, and the most one call may ask for. */
export const DEFAULT_MAX_RESULTS = 5;
export const MAX_RESULTS_LIMIT = 50;

export const DESCRIPTION = "Load the definitions of deferred tools so they can be called.";

export function renderPrompt(): string {
  return `Loads the definitions of deferred tools so they can be called.

When the pool is large, some tools are deferred: their names are listed in <deferred-tools>, but
their definitions are not loaded, so they cannot be called yet. Load the ones you need first:
- query "select:<name>,<name>" loads those tools by their exact names.
- Any other query is keywords, matched against the deferred tools' names and descriptions; the
  best matches are loaded (${DEFAULT_MAX_RESULTS} unless max_results says otherwise, at most ${MAX_RESULTS_LIMIT}).
A loaded tool stays loaded for the rest of the conversation; call it like any other tool.`;
}

/** Said when the query matched nothing. */
export function noMatchText(query: string, deferredCount: number): string {
  return deferredCount === 0
    ? "No tools are deferred in this session: every tool is loaded already, so call it directly."
    : `No deferred tool matches "${query}". Try other keywords, or "select:" with a name from <deferred-tools>.`;
}

/** Said about names that could not be loaded. */
export function unloadableText(loaded: readonly string[], unknown: readonly string[]): string {
  const lines: string[] = [];
  if (loaded.length > 0) lines.push(`Already loaded (call directly): ${loaded.join(", ")}.`);
  if (unknown.length > 0) lines.push(`No tool named: ${unknown.join(", ")}.`);
  return lines.join("\n");
}
