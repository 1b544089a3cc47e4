import { once } from 'node:events';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { NotFoundError } from '@common/errors/domain.error';
import { Env } from '@config/env.schema';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { ListPublicShopsQuery, ListShopSitemapEntriesQuery, type PublicShopEntries, type ShopSitemapEntries } from '@modules/storefront';
import { productPath } from '@modules/shop-pages/pages/product-path';

/** Rows read per statement: a sitemap of 100,000 products is 100 reads of 1,000, one page in memory at a time. */
const SITEMAP_PAGE = 1000;
const CRAWL_CACHE = 'public, max-age=300';
const XML = 'application/xml; charset=utf-8';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xmlText(value: string): string {
  return value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

/** A W3C date-time to the second, in UTC (`2026-11-29T05:16:00Z`). */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * What search engines read: `robots.txt`, the sitemap index of every public shop, and each shop's
 * sitemap (its page and every active product's page). The sitemaps are written as they are read,
 * a keyset page at a time, so their memory is flat whatever the catalog's size (docs/storefront.md, "Crawling").
 */
@ApiTags('storefront pages')
// The public catalog's group (docs/storefront.md: 300 a minute per IP, THROTTLE_STOREFRONT).
@RateLimit('storefront')
@Controller()
export class CrawlingController {
  private readonly baseUrl: string;

  constructor(
    private readonly queries: QueryBus,
    config: ConfigService<Env, true>,
  ) {
    this.baseUrl = config.get('APP_URL', { infer: true }).replace(/\/+$/, '');
  }

  @Get('robots.txt')
  @ApiOperation({ summary: 'What crawlers may read: the shop pages, not the API or the dashboard; where the sitemap is' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'robots.txt', content: { 'text/plain': { schema: { type: 'string' } } } })
  showRobots(@Res() res: Response): void {
    const body = [
      'User-agent: *',
      'Allow: /s/',
      'Disallow: /api/',
      'Disallow: /dashboard/',
      `Sitemap: ${this.baseUrl}/sitemap.xml`,
      '',
    ].join('\n');
    res.setHeader('Cache-Control', CRAWL_CACHE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(body);
  }

  @Get('sitemap.xml')
  @ApiOperation({ summary: "The sitemap index: every public shop's sitemap" })
  @ApiProduces('application/xml')
  @ApiOkResponse({ description: 'A `<sitemapindex>`', content: { 'application/xml': { schema: { type: 'string' } } } })
  async showSitemapIndex(@Res() res: Response): Promise<void> {
    let shops = await this.queries.execute<ListPublicShopsQuery, PublicShopEntries>(new ListPublicShopsQuery('', SITEMAP_PAGE));
    this.startXml(res, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
    try {
      while (shops.length > 0 && !res.destroyed) {
        const lines = shops.map((shop) => `<sitemap><loc>${xmlText(`${this.baseUrl}/s/${shop.slug}/sitemap.xml`)}</loc></sitemap>\n`);
        await this.write(res, lines.join(''));
        if (shops.length < SITEMAP_PAGE) break;
        shops = await this.queries.execute<ListPublicShopsQuery, PublicShopEntries>(
          new ListPublicShopsQuery(shops[shops.length - 1].slug, SITEMAP_PAGE),
        );
      }
      res.end('</sitemapindex>\n');
    } catch {
      // Headers are gone: a cut answer (never a valid-looking partial sitemap) is all that is left to say.
      res.destroy();
    }
  }

  @Get('s/:slug/sitemap.xml')
  @ApiOperation({ summary: "A shop's sitemap: its page and every active product's page, with when each product last changed" })
  @ApiProduces('application/xml')
  @ApiOkResponse({ description: 'A `<urlset>`', content: { 'application/xml': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ description: 'Unknown, archived or inactive shop' })
  async showShopSitemap(@Param('slug') slug: string, @Res() res: Response): Promise<void> {
    if (!SLUG.test(slug) || slug.length > 255) throw new NotFoundException('Shop not found.');
    let page = await this.entries(slug, 0);
    if (!page) throw new NotFoundException('Shop not found.');
    const shopSlug = page.slug;
    this.startXml(res, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
    try {
      await this.write(res, `<url><loc>${xmlText(`${this.baseUrl}/s/${shopSlug}`)}</loc></url>\n`);
      while (page && page.products.length > 0 && !res.destroyed) {
        const lines = page.products.map(
          (product) =>
            `<url><loc>${xmlText(`${this.baseUrl}${productPath(shopSlug, product)}`)}</loc><lastmod>${w3cDate(product.updatedAt)}</lastmod></url>\n`,
        );
        await this.write(res, lines.join(''));
        if (page.products.length < SITEMAP_PAGE) break;
        page = await this.entries(slug, page.products[page.products.length - 1].id);
      }
      res.end('</urlset>\n');
    } catch {
      res.destroy();
    }
  }

  private async entries(slug: string, afterId: number): Promise<ShopSitemapEntries | null> {
    try {
      return await this.queries.execute<ListShopSitemapEntriesQuery, ShopSitemapEntries>(
        new ListShopSitemapEntriesQuery(slug, afterId, SITEMAP_PAGE),
      );
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  private startXml(res: Response, opening: string): void {
    res.setHeader('Cache-Control', CRAWL_CACHE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).setHeader('Content-Type', XML);
    res.write(`<?xml version="1.0" encoding="UTF-8"?>\n${opening}`);
  }

  /** Writes, and waits while the client reads slower than the database answers. */
  private async write(res: Response, text: string): Promise<void> {
    if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
}
