import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

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
}

export function renderedPage(status: 200 | 404, html: string, now: number): RenderedPage {
  const body = Buffer.from(html, 'utf8');
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  return { status, html: body, etag: `"${tag}"`, gzipped: gzipSync(body), gzippedEtag: `"${tag}-gzip"`, renderedAt: now };
}

/**
 * Rendered pages by key (shop, language, search, page), least recently used first out, each kept
 * `ttlMs` at most. The page's own `max-age` counts from its render (the `Age` header), so a shopper
 * sees a change of the catalog within max-age seconds, however long this cache kept the page.
 * Concurrent misses for one key share one render.
 */
export class PageCache {
  private readonly entries = new Map<string, RenderedPage>();
  private readonly rendering = new Map<string, Promise<RenderedPage>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const hit = this.entries.get(key);
    if (hit && this.clock() - hit.renderedAt < this.ttlMs) {
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = this.rendering.get(key);
    if (pending) return pending;
    const next = render().then(
      (page) => {
        this.rendering.delete(key);
        this.entries.delete(key);
        this.entries.set(key, page);
        while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        return page;
      },
      (error: unknown) => {
        this.rendering.delete(key);
        throw error;
      },
    );
    this.rendering.set(key, next);
    return next;
  }

  get size(): number {
    return this.entries.size;
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
