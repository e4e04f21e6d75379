/** The path rule that would allow a path: relative inside the working folder, `//abs` outside. */
import { relative } from "node:path";
import { isPathWithin } from "../paths/isInsideDirectories.ts";

/** `<ruleName>(./src/a.ts)` inside the working folder, `<ruleName>(//etc/hosts)` outside it. */
export function suggestPathRule(ruleName: string, path: string, cwd: string): string {
  if (isPathWithin(path, cwd) && path !== cwd) return `${ruleName}(./${relative(cwd, path)})`;
  return `${ruleName}(/${path})`;
}
