import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { isAnsweredUnavailable } from '@common/errors/dependency-unavailable';
import { ChangeGenerations } from '@common/cache/change-generations';

const gzipAsync = promisify(gzip);

/** No page larger than this (its HTML and its gzipped copy together) is kept (docs/storefront.md, "Caching and speed"). */
export const MAX_CACHED_PAGE_BYTES = 1024 * 1024;
/** What an entry costs beyond its bytes: the key, the entry's objects, the map's slot. */
const ENTRY_OVERHEAD_BYTES = 512;

/** A rendered answer, ready to send as is. */
export interface RenderedPage {
  status: 200 | 404;
  html: Buffer;
  etag: string;
  /** The same page gzipped once, for the clients that accept it (every browser), and its own tag. */
  gzipped: Buffer;
  gzippedEtag: string;
  /** When it was rendered (ms since epoch): its age goes out in the `Age` header. */
  renderedAt: number;
  /** The shop it shows (null for the unknown shop's page): a change of that shop drops it. */
  tenantId: string | null;
  /** The page's canonical path, where another address may name it (a product's page). */
  canonicalPath?: string;
}

/**
 * The page with its tags and its gzipped copy. The compression runs on libuv's thread pool
 * (`zlib.gzip`, not `gzipSync`), so a large page never holds the event loop while it is squeezed.
 */
export async function renderedPage(status: 200 | 404, html: string, now: number, tenantId: string | null = null): Promise<RenderedPage> {
  const body = Buffer.from(html, 'utf8');
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  const gzipped = await gzipAsync(body);
  return { status, html: body, etag: `"${tag}"`, gzipped, gzippedEtag: `"${tag}-gzip"`, renderedAt: now, tenantId };
}

/** The memory a page holds: its two bodies. */
export function pageBytes(page: RenderedPage): number {
  return page.html.length + page.gzipped.length;
}

export interface PageCacheOptions {
  /** All entries together, keys and bodies (`PAGE_CACHE_MAX_BYTES`). */
  maxBytes: number;
  /** How long a page is served from the cache. */
  ttlMs: number;
  /**
   * How long a shop's page (200) is kept in all, to be served when a new render fails because
   * PostgreSQL or Redis is unavailable (`STALE_IF_ERROR_SECONDS`); default 0, never.
   */
  staleMs?: number;
  /** A larger page is rendered for the request and forgotten (default 1 MiB). */
  maxPageBytes?: number;
  clock?: () => number;
}

interface Entry {
  page: RenderedPage;
  bytes: number;
}

/**
 * Rendered pages by key (shop, language, normalised search, issued cursor), least recently used
 * first out, held to a byte budget: every entry counts its bodies and key, the least recently used
 * go until the total fits, a page over `maxPageBytes` is never kept, and expired entries are
 * dropped as new ones come in. The page's own `max-age` counts from its render (the `Age` header),
 * so a shopper sees a change of the catalog within max-age seconds, however long this cache kept
 * the page. Concurrent misses for one key share one render (docs/storefront.md, "Caching and speed").
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<RenderedPage>>();
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly generations = new ChangeGenerations();
  private readonly maxPageBytes: number;
  private readonly clock: () => number;
  private bytes = 0;
  private lastSweep: number;

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.ttlMs = options.ttlMs;
    this.staleMs = Math.max(options.staleMs ?? 0, options.ttlMs);
    this.maxPageBytes = Math.min(options.maxPageBytes ?? MAX_CACHED_PAGE_BYTES, options.maxBytes);
    this.clock = options.clock ?? Date.now;
    this.lastSweep = this.clock();
  }

  /**
   * The page for `key`: fresh from the cache, or rendered (once for concurrent callers) and kept if
   * it fits and nothing of its shop changed while it was rendered. When the render fails because a
   * dependency is unavailable, the last page kept for `key` is the answer if it is not older than
   * `staleMs` (its `renderedAt` unchanged, so its `Age` tells); it is not kept as fresh again.
   */
  async get(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const hit = this.entries.get(key);
    if (hit && this.isFresh(hit.page)) {
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.page;
    }
    const pending = this.rendering.get(key);
    if (pending) return pending;
    const ticket = this.generations.begin();
    const next = render().then(
      (page) => {
        this.rendering.delete(key);
        this.generations.end(ticket);
        if (this.generations.mayKeep(ticket, page.tenantId)) this.store(key, page);
        return page;
      },
      (error: unknown) => {
        this.rendering.delete(key);
        this.generations.end(ticket);
        const stale = isAnsweredUnavailable(error) ? this.staleCopy(key) : null;
        if (stale) return stale;
        throw error;
      },
    );
    this.rendering.set(key, next);
    return next;
  }

  /** A shop's public data changed: every page of it goes, and a render under way is not kept. */
  invalidate(tenantId: string): void {
    this.generations.changed(tenantId);
    for (const [key, entry] of this.entries) if (entry.page.tenantId === tenantId) this.remove(key);
  }

  /** Changes may have been missed: every page goes. */
  clear(): void {
    this.generations.reset();
    for (const key of [...this.entries.keys()]) this.remove(key);
  }

  /** The keys held now, least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes the entries hold now (never above `maxBytes`). */
  get totalBytes(): number {
    return this.bytes;
  }

  private isFresh(page: RenderedPage): boolean {
    return this.clock() - page.renderedAt < this.ttlMs;
  }

  /** Kept: fresh, or a shop's page still young enough to stand in for one that cannot be rendered. */
  private isKept(page: RenderedPage): boolean {
    const age = this.clock() - page.renderedAt;
    return age < this.ttlMs || (page.status === 200 && age < this.staleMs);
  }

  private staleCopy(key: string): RenderedPage | null {
    const entry = this.entries.get(key);
    if (!entry || entry.page.status !== 200 || this.clock() - entry.page.renderedAt >= this.staleMs) return null;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  private store(key: string, page: RenderedPage): void {
    this.remove(key);
    this.sweepExpired();
    const bytes = pageBytes(page) + key.length * 2 + ENTRY_OVERHEAD_BYTES;
    if (pageBytes(page) > this.maxPageBytes || bytes > this.maxBytes || !this.isFresh(page)) return;
    this.entries.set(key, { page, bytes });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** At most once per time to live, a walk over the entries drops those past their keeping. */
  private sweepExpired(): void {
    const now = this.clock();
    if (now - this.lastSweep < this.ttlMs) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (!this.isKept(entry.page)) this.remove(key);
  }
}

/** True when `If-None-Match` names this entity tag (weak or strong, or `*`). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** True when `Accept-Encoding` takes gzip (named, or `*`, without `q=0`). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    return !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
  });
}
