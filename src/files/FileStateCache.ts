/** What a file looked like when a tool last read it; Write and Edit compare against this. */
export interface FileState {
  /** Hash of the whole file's bytes, when the whole file was read. */
  contentHash?: string;
  /** Modification time in milliseconds, as stat reported it. */
  mtimeMs: number;
  size: number;
  /** The inode, when known: a file replaced by a rename has a new one even if its time and size match. */
  ino?: number;
  /** When the read happened. */
  readAt: number;
  /** The window that was read, when it was not the whole file. */
  offset?: number;
  limit?: number;
}

/** A least-recently-used map from absolute path to the file's state when it was read. */
export class FileStateCache {
  private readonly entries = new Map<string, FileState>();

  constructor(readonly maxEntries = 100) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`FileStateCache needs a positive whole number of entries, got ${maxEntries}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The state for a path, marking it most recently used. */
  get(path: string): FileState | undefined {
    const state = this.entries.get(path);
    if (state === undefined) return undefined;
    this.entries.delete(path);
    this.entries.set(path, state);
    return state;
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** Records a path's state, evicting the least recently used entry when full. */
  set(path: string, state: FileState): void {
    this.entries.delete(path);
    this.entries.set(path, state);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(path: string): boolean {
    return this.entries.delete(path);
  }

  /** Paths from least to most recently used. */
  keys(): string[] {
    return [...this.entries.keys()];
  }
}
