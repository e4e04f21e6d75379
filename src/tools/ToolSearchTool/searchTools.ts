/**
 * Finding deferred tools for a query: `select:A,B` by exact name (case ignored when nothing
 * matches exactly); otherwise keywords scored against each tool's name (split into words: `__`,
 * `_`, `-` and case changes part them), its search hint and its description. A term written
 * `+term` must match. Ties keep pool order, so the same query gives the same tools.
 */
import type { AnyTool } from "../../Tool.ts";

export interface SearchOutcome {
  /** Deferred tools to load, best first. */
  matches: string[];
  /** Selected names that are in the pool but not deferred. */
  alreadyLoaded: string[];
  /** Selected names of no tool in the pool. */
  unknown: string[];
}

const SELECT = /^select:/i;

function nameWords(name: string): string[] {
  return name.split(/__|[_\-.\s]+|(?<=[a-z0-9])(?=[A-Z])/).map((word) => word.toLowerCase()).filter((word) => word !== "");
}

function findByName(pool: readonly AnyTool[], name: string): AnyTool | undefined {
  return pool.find((tool) => tool.name === name) ?? pool.find((tool) => tool.name.toLowerCase() === name.toLowerCase());
}

function select(query: string, pool: readonly AnyTool[], deferred: ReadonlySet<string>): SearchOutcome {
  const outcome: SearchOutcome = { matches: [], alreadyLoaded: [], unknown: [] };
  for (const wanted of query.replace(SELECT, "").split(",").map((name) => name.trim()).filter((name) => name !== "")) {
    const tool = findByName(pool, wanted);
    const list = tool === undefined ? outcome.unknown : deferred.has(tool.name) ? outcome.matches : outcome.alreadyLoaded;
    const name = tool?.name ?? wanted;
    if (!list.includes(name)) list.push(name);
  }
  return outcome;
}

function score(term: string, tool: AnyTool, description: string): number {
  const words = nameWords(tool.name);
  let points = 0;
  if (words.includes(term)) points += 10;
  else if (tool.name.toLowerCase().includes(term)) points += 5;
  if ((tool.searchHint ?? "").toLowerCase().includes(term)) points += 4;
  if (description.includes(term)) points += 2;
  return points;
}

/** The tools of `deferred` that `query` asks for; `describe` gives a tool's description. */
export async function searchTools(
  query: string,
  pool: readonly AnyTool[],
  deferred: ReadonlySet<string>,
  maxResults: number,
  describe: (tool: AnyTool) => Promise<string>,
): Promise<SearchOutcome> {
  if (SELECT.test(query.trim())) return select(query.trim(), pool, deferred);
  const terms = query.toLowerCase().split(/\s+/).filter((term) => term !== "" && term !== "+");
  const required = terms.filter((term) => term.startsWith("+")).map((term) => term.slice(1));
  const all = terms.map((term) => term.replace(/^\+/, ""));
  const scored: { name: string; points: number }[] = [];
  for (const tool of pool) {
    if (!deferred.has(tool.name)) continue;
    const description = (await describe(tool)).toLowerCase();
    if (required.some((term) => score(term, tool, description) === 0)) continue;
    const points = all.reduce((sum, term) => sum + score(term, tool, description), 0);
    if (points > 0) scored.push({ name: tool.name, points });
  }
  // Array.prototype.sort is stable: equal scores keep pool order.
  scored.sort((a, b) => b.points - a.points);
  return { matches: scored.slice(0, maxResults).map((entry) => entry.name), alreadyLoaded: [], unknown: [] };
}
