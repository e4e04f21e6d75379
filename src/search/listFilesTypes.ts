/** What a listing of files takes and gives (listFiles.ts, by ripgrep or the built-in walk). */

export interface ListFilesOptions {
  /** The folder to list. */
  root: string;
  /** Include hidden entries (names starting with "."). */
  hidden: boolean;
  /**
   * A glob every wanted file's name matches (only letters, digits, `_.-*?`): files whose names do
   * not match need not be handed out (they may still be).
   */
  nameFilter?: string;
  signal?: AbortSignal;
  /** A time (Date.now() milliseconds) after which the listing stops early and says so. */
  deadline: number;
}

export interface ListedFiles {
  /** True when the listing stopped at its deadline: the files handed out are those found until then. */
  timedOut: boolean;
  /** Why the listing may have left files out, when it ended early for another reason. */
  incomplete?: string;
}

/** Receives one file: its absolute path and its path below the root. */
export type VisitFile = (path: string, relativePath: string) => void;
