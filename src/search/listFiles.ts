/**
 * The files below a folder that a search looks at (ripgrep's choice: ignore files obeyed, hidden
 * entries and symlinks skipped), handed out one at a time: through `rg --files` when ripgrep is
 * there, which walks in parallel with the caller's work on each file, else by the built-in walk.
 */
import { findRipgrep } from "./grepRipgrep.ts";
import { listFilesRipgrep } from "./listFilesRipgrep.ts";
import { FileWalker } from "./walkFiles.ts";
import type { ListedFiles, ListFilesOptions, VisitFile } from "./listFilesTypes.ts";

export type { ListedFiles, ListFilesOptions, VisitFile } from "./listFilesTypes.ts";

/** Names a name filter may hold: a glob ripgrep and Bun read alike. */
export const NAME_FILTER = /^[\w.*?-]+$/;

/** Hands every file to `visit`, in no particular order. */
export async function listFiles(options: ListFilesOptions, visit: VisitFile): Promise<ListedFiles> {
  const rg = findRipgrep();
  const nameFilter = options.nameFilter !== undefined && NAME_FILTER.test(options.nameFilter) ? options.nameFilter : undefined;
  if (rg !== undefined) {
    const listed = await listFilesRipgrep(rg, { ...options, nameFilter }, visit);
    if (listed !== undefined) return listed;
  }
  const walker = new FileWalker({ root: options.root, hidden: options.hidden, sorted: false, signal: options.signal, deadline: options.deadline });
  for (let file = walker.next(); file !== undefined; file = walker.next()) visit(file.path, file.relativePath);
  return { timedOut: walker.timedOut };
}
