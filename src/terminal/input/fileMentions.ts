/**
 * `@` mentions: the word at the cursor that starts with `@` is completed from the project's files
 * (walked as Grep walks them: ignored and hidden files left out, at most MAX_LISTED_FILES), and
 * when the message is sent each mentioned file that exists is attached for the model to read.
 */
import { existsSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { walkFiles } from "../../search/walkFiles.ts";

/** The most files listed for completion: a huge tree still answers at once. */
export const MAX_LISTED_FILES = 20_000;
/** How many completions are offered. */
export const MAX_COMPLETIONS = 8;

/** The mention being typed: where its `@` is and what follows it. */
export interface MentionAtCursor {
  start: number;
  query: string;
}

/** The `@word` that ends at the cursor, if the cursor is in one. */
export function mentionAtCursor(text: string, cursor: number): MentionAtCursor | undefined {
  const before = text.slice(0, cursor);
  const match = /(^|\s)@([^\s@]*)$/.exec(before);
  if (match === null) return undefined;
  return { start: cursor - (match[2] as string).length - 1, query: match[2] as string };
}

/** The project's files relative to `cwd`, in walk order (at most `limit`). */
export function listProjectFiles(cwd: string, limit: number = MAX_LISTED_FILES): string[] {
  const files: string[] = [];
  try {
    for (const file of walkFiles({ root: cwd })) {
      files.push(file.relativePath);
      if (files.length >= limit) break;
    }
  } catch {
    // An unreadable folder: complete from what was found.
  }
  return files;
}

function score(file: string, query: string): number | undefined {
  const lower = file.toLowerCase();
  const name = lower.slice(lower.lastIndexOf("/") + 1);
  if (query === "") return file.split("/").length;
  if (lower.startsWith(query)) return 0;
  if (name.startsWith(query)) return 1;
  const at = lower.indexOf(query);
  if (at !== -1) return 2 + at / 1000;
  // The letters in order, anywhere (src/tc → src/terminal/terminalCommand.ts).
  let position = 0;
  for (const letter of query) {
    position = lower.indexOf(letter, position);
    if (position === -1) return undefined;
    position++;
  }
  return 10 + file.length / 1000;
}

/** The best `limit` files for `query`: prefix matches first, then names, then anywhere, then letters in order. */
export function matchFiles(files: readonly string[], query: string, limit: number = MAX_COMPLETIONS): string[] {
  const wanted = query.toLowerCase();
  return files
    .flatMap((file) => {
      const value = score(file, wanted);
      return value === undefined ? [] : [{ file, value }];
    })
    .sort((a, b) => a.value - b.value || a.file.length - b.file.length || (a.file < b.file ? -1 : 1))
    .slice(0, limit)
    .map((entry) => entry.file);
}

/** The files `text` mentions (`@path`) that exist under or at a path from `cwd`, each once, as given and resolved. */
export function mentionedFiles(text: string, cwd: string): { mention: string; path: string }[] {
  const found = new Map<string, { mention: string; path: string }>();
  for (const match of text.matchAll(/(?:^|\s)@([^\s@]+)/g)) {
    const mention = (match[1] as string).replace(/[.,;:!?)]+$/, "");
    const path = isAbsolute(mention) ? mention : resolve(cwd, mention);
    try {
      if (!found.has(path) && existsSync(path) && statSync(path).isFile()) found.set(path, { mention, path });
    } catch {
      // Not readable: left as plain text.
    }
  }
  return [...found.values()];
}

/** A path as the person sees it: relative to the project when inside it. */
export function displayPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  return inside !== "" && !inside.startsWith("..") && !isAbsolute(inside) ? inside : path;
}
