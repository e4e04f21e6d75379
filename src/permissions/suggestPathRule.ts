/** The path rule that would allow a path: relative inside the working folder, `//abs` outside. */
import { relative } from "node:path";
import { isPathWithin } from "../paths/isInsideDirectories.ts";

/**
 * `<ruleName>(./src/a.ts)` inside the working folder, `<ruleName>(//etc/hosts)` outside it. A
 * literal path's glob characters are escaped, so the rule names that one file; a glob the shell
 * expands (`glob`) keeps them, so the rule covers what the glob covers and no more.
 */
export function suggestPathRule(ruleName: string, path: string, cwd: string, glob = false): string {
  const escaped = (text: string) => (glob ? text : text.replace(/[*?[\\]/g, "\\$&").replace(/^([!#])/, "\\$1"));
  if (isPathWithin(path, cwd) && path !== cwd) return `${ruleName}(./${escaped(relative(cwd, path))})`;
  return `${ruleName}(/${escaped(path)})`;
}
