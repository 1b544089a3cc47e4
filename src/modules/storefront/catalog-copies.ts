import { ChangeGenerations } from '@common/cache/change-generations';

/** What an entry costs beyond its text: the entry's objects, the map's slots. */
const ENTRY_OVERHEAD_BYTES = 256;

/** One answer of the public catalog, as it is sent: its JSON text, never parsed again. */
export interface CatalogCopy {
  /** The answer's body, serialised. */
  json: string;
  etag: string;
  tenantId: string;
  /** When it was read (ms since epoch): its age goes out in the `Age` header. */
  storedAt: number;
}

/** What a read of the database gives the cache: the answer and, for a page with a next one, that page's key. */
export interface CatalogRead {
  json: string;
  etag: string;
  tenantId: string;
  /** The key of the request its `next_cursor` names: that request may then be kept too. */
  nextKey: string | null;
}

/** Where an answer came from: memory (fresh), the database, or a stale copy while the database is unavailable. */
export type CatalogAnswer = { copy: CatalogCopy; from: 'memory' | 'database' | 'stale' };

export interface CatalogCopiesOptions {
  /** All copies together, keys and bodies (`CATALOG_CACHE_MAX_BYTES`). */
  maxBytes: number;
  /** How long an answer is served from memory without reading the database (`CATALOG_FRESH_SECONDS`); 0: never. */
  freshMs: number;
  /** The oldest copy that may still be served while the database is unavailable (`STALE_IF_ERROR_SECONDS`); 0: none. */
  staleMs: number;
  clock?: () => number;
}

interface Entry {
  copy: CatalogCopy;
  nextKey: string | null;
  bytes: number;
}

/**
 * The public catalog's answers in memory, by request (shop, normalised search, cursor, limit;
 * docs/storefront.md, "Served from memory"):
 *
 * - an answer younger than `freshMs` is served as kept, without a database read; concurrent misses
 *   of one key share one read;
 * - an older one is kept up to `staleMs`, served only when a read fails for an outage;
 * - a change of a shop drops its answers, and a read that started before the change is not kept;
 * - a request with a cursor is kept only when the cursor is the `next_cursor` of an answer held
 *   now (`keepOnlyIfIssued`): made-up cursors are read for their request and forgotten;
 * - all entries together stay within `maxBytes` (each counts its key and texts as UTF-16), least
 *   recently used out first; entries past their keeping are dropped as new ones come in.
 */
export class CatalogCopies {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<CatalogAnswer>>();
  /** The keys that held answers name as their next page, with how many answers name each. */
  private readonly issued = new Map<string, number>();
  private readonly generations = new ChangeGenerations();
  private readonly maxBytes: number;
  private readonly freshMs: number;
  private readonly keepMs: number;
  private readonly clock: () => number;
  private bytes = 0;
  private lastSweep: number;

  constructor(options: CatalogCopiesOptions) {
    this.maxBytes = options.maxBytes;
    this.freshMs = Math.max(0, options.freshMs);
    this.keepMs = Math.max(this.freshMs, options.staleMs);
    this.clock = options.clock ?? Date.now;
    this.lastSweep = this.clock();
  }

  /**
   * The answer for `key`: from memory while fresh, else read (once for concurrent callers) and
   * kept; when the read fails and `fallback(error)` says it is an outage, the copy kept for `key`
   * if it is young enough (`from: 'stale'`). Any other failure drops the copy and is thrown.
   */
  read(
    key: string,
    fetch: () => Promise<CatalogRead>,
    fallback: (error: unknown) => boolean,
    keepOnlyIfIssued = false,
  ): Promise<CatalogAnswer> {
    const entry = this.entries.get(key);
    if (entry && this.clock() - entry.copy.storedAt < this.freshMs) {
      this.touch(key, entry);
      return Promise.resolve({ copy: entry.copy, from: 'memory' });
    }
    const pending = this.reading.get(key);
    if (pending) return pending;
    const ticket = this.generations.begin();
    const read = fetch().then(
      (answer): CatalogAnswer => {
        this.reading.delete(key);
        this.generations.end(ticket);
        const copy: CatalogCopy = { json: answer.json, etag: answer.etag, tenantId: answer.tenantId, storedAt: this.clock() };
        const keep = this.generations.mayKeep(ticket, answer.tenantId) && (!keepOnlyIfIssued || this.issued.has(key));
        if (keep) this.keep(key, copy, answer.nextKey);
        else this.remove(key);
        return { copy, from: 'database' };
      },
      (error: unknown): CatalogAnswer => {
        this.reading.delete(key);
        this.generations.end(ticket);
        if (!fallback(error)) {
          // The database answered otherwise (an unknown shop, a bad cursor): the copy is not the answer any more.
          this.remove(key);
          throw error;
        }
        const copy = this.copy(key);
        if (copy) return { copy, from: 'stale' };
        throw error;
      },
    );
    this.reading.set(key, read);
    return read;
  }

  /** The copy for `key` if it is young enough to be served while the database is unavailable. */
  copy(key: string): CatalogCopy | null {
    const entry = this.entries.get(key);
    if (!entry || !this.kept(entry.copy)) return null;
    this.touch(key, entry);
    return entry.copy;
  }

  /** A shop's public data changed: its copies go, and a read under way is not kept. */
  invalidate(tenantId: string): void {
    this.generations.changed(tenantId);
    for (const [key, entry] of this.entries) if (entry.copy.tenantId === tenantId) this.remove(key);
  }

  /** Changes may have been missed: every copy goes. */
  clear(): void {
    this.generations.reset();
    for (const key of [...this.entries.keys()]) this.remove(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the entries hold now (never above `maxBytes`). */
  get totalBytes(): number {
    return this.bytes;
  }

  private keep(key: string, copy: CatalogCopy, nextKey: string | null): void {
    this.remove(key);
    if (this.keepMs <= 0) return;
    this.sweep();
    const bytes = (copy.json.length + key.length + copy.etag.length + (nextKey?.length ?? 0)) * 2 + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { copy, nextKey, bytes });
    this.bytes += bytes;
    if (nextKey !== null) this.issued.set(nextKey, (this.issued.get(nextKey) ?? 0) + 1);
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private touch(key: string, entry: Entry): void {
    // Most recently used goes last.
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private kept(copy: CatalogCopy): boolean {
    return this.clock() - copy.storedAt < this.keepMs;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (entry.nextKey !== null) {
      const count = (this.issued.get(entry.nextKey) ?? 1) - 1;
      if (count <= 0) this.issued.delete(entry.nextKey);
      else this.issued.set(entry.nextKey, count);
    }
  }

  /** At most once per keeping time, a walk over the entries drops those too old to be served. */
  private sweep(): void {
    const now = this.clock();
    if (now - this.lastSweep < this.keepMs) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (!this.kept(entry.copy)) this.remove(key);
  }
}
