/** Looking tools up in a pool, by name or alias, and narrowing a pool. */
import type { AnyTool, Tools } from "./Tool.ts";

/** True when `name` is the tool's name or one of its aliases. */
export function toolMatchesName(tool: Pick<AnyTool, "name" | "aliases">, name: string): boolean {
  return tool.name === name || (tool.aliases?.includes(name) ?? false);
}

/** The tool called `name` (or aliased so) in `pool`, if any. */
export function findToolByName(pool: Tools, name: string): AnyTool | undefined {
  return pool.find((tool) => tool.name === name) ?? pool.find((tool) => toolMatchesName(tool, name));
}

/** The tools of `pool` named (or aliased) in `names`, in pool order: for restricted pools. */
export function filterTools(pool: Tools, names: Iterable<string>): AnyTool[] {
  const wanted = [...names];
  return pool.filter((tool) => wanted.some((name) => toolMatchesName(tool, name)));
}
