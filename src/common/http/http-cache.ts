import type { Request, Response } from 'express';

/**
 * How long shared caches and browsers may keep a public storefront answer (decisions §18): 30 s
 * fresh, then served stale for up to 5 minutes while one request revalidates it.
 */
export const STOREFRONT_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

/**
 * Whether `If-None-Match` names `etag` (RFC 9110 §13.1.2: weak comparison, so `W/"x"` matches `"x"`;
 * `*` matches any current representation).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === wanted;
  });
}

/**
 * Sets `ETag` and `Cache-Control` on a cacheable GET answer; when the client already holds this
 * representation, answers 304 (the same headers, no body) and returns true: the handler then sends
 * nothing more.
 */
export function answeredNotModified(req: Request, res: Response, etag: string, cacheControl = STOREFRONT_CACHE_CONTROL): boolean {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  if (!matchesIfNoneMatch(req.headers['if-none-match'], etag)) return false;
  res.status(304);
  return true;
}
