import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.schema';

/** What a `cursor` parameter of the shop page names: the catalog's cursor, and whether the service issued it for this list. */
export interface PageCursor {
  catalogCursor: string;
  issued: boolean;
}

/**
 * The "More products" links' cursors, signed: the catalog's cursor, a dot, and a MAC of the shop,
 * the normalised search, that cursor and the category shown (if any), under a key derived from APP_KEY (so every instance and
 * every restart knows them). Only a cursor that carries its MAC may name a page cache entry; any
 * other (made up, or copied from the catalog API) still pages through the catalog, rendered for
 * its request and not kept (docs/storefront.md, "Caching and speed"). The catalog's cursors are
 * base64url, which has no dot.
 */
@Injectable()
export class IssuedCursors {
  private readonly key: Buffer;

  constructor(config: ConfigService<Env, true>) {
    this.key = IssuedCursors.keyFrom(config.get('APP_KEY', { infer: true }));
  }

  static keyFrom(appKey: string): Buffer {
    return createHmac('sha256', appKey).update('shop-page-cursor').digest();
  }

  /** The cursor to put in the link to the page after this one (of the category's products, with `category`). */
  issue(slug: string, search: string | null, catalogCursor: string, category: string | null = null): string {
    return `${catalogCursor}.${this.mac(slug, search, catalogCursor, category)}`;
  }

  read(slug: string, search: string | null, cursor: string, category: string | null = null): PageCursor {
    const dot = cursor.lastIndexOf('.');
    if (dot === -1) return { catalogCursor: cursor, issued: false };
    const catalogCursor = cursor.slice(0, dot);
    const given = Buffer.from(cursor.slice(dot + 1));
    const expected = Buffer.from(this.mac(slug, search, catalogCursor, category));
    return { catalogCursor, issued: given.length === expected.length && timingSafeEqual(given, expected) };
  }

  private mac(slug: string, search: string | null, catalogCursor: string, category: string | null): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify(category === null ? [slug, search, catalogCursor] : [slug, search, catalogCursor, category]))
      .digest('base64url')
      .slice(0, 22);
  }
}
