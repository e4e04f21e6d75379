/** The Read or Edit rule that would allow a path: relative inside the working folder, `//abs` outside. */
import { isPathWithin } from "../paths/isInsideDirectories.ts";
import { relative } from "node:path";

/** `Edit(./src/a.ts)` inside the working folder, `Read(//etc/hosts)` outside it. */
export function suggestPathRule(access: "read" | "write", path: string, cwd: string): string {
  const tool = access === "read" ? "Read" : "Edit";
  if (isPathWithin(path, cwd) && path !== cwd) return `${tool}(./${relative(cwd, path)})`;
  return `${tool}(/${path})`;
}
