/**
 * Pages fetched in the last few minutes, by URL, so asking another question about the same page
 * does not fetch it again. Bounded in pages and characters; the oldest go first.
 */

/** What is kept of a fetched page: its text, not the model's answers. */
export interface CachedPage {
  /** Where the page was finally found (after redirects within its host). */
  url: string;
  code: number;
  codeText: string;
  contentType: string;
  bytes: number;
  text: string;
  /** The body was cut at the byte limit. */
  truncated: boolean;
  /** Set when the page came from an address on this machine's own network: what that address is. */
  localNote?: string;
}

interface Entry {
  page: CachedPage;
  expires: number;
}

/** A cache with a lifetime per entry and bounds on size. */
export class PageCache {
  readonly #entries = new Map<string, Entry>();
  #chars = 0;

  constructor(readonly limits: { maxPages: number; maxChars: number }) {}

  /** The page fetched from `url`, if it is still fresh. */
  get(url: string, now = Date.now()): CachedPage | undefined {
    const entry = this.#entries.get(url);
    if (entry === undefined) return undefined;
    if (entry.expires <= now) {
      this.#delete(url, entry);
      return undefined;
    }
    return entry.page;
  }

  /** Keeps `page` for `ttlMs`; a page larger than the whole cache is not kept. */
  set(url: string, page: CachedPage, ttlMs: number, now = Date.now()): void {
    const previous = this.#entries.get(url);
    if (previous !== undefined) this.#delete(url, previous);
    if (ttlMs <= 0 || page.text.length > this.limits.maxChars) return;
    this.#entries.set(url, { page, expires: now + ttlMs });
    this.#chars += page.text.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.maxPages && this.#chars <= this.limits.maxChars) break;
      this.#delete(oldest, entry);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
  }

  #delete(url: string, entry: Entry): void {
    this.#entries.delete(url);
    this.#chars -= entry.page.text.length;
  }
}
