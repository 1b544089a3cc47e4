import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { offerUnavailablePage } from '@common/errors/html-unavailable-page';
import { pickLanguage } from '@modules/shop-pages/i18n/shop-texts';
import { UnavailablePage } from '@modules/shop-pages/pages/unavailable-page';
import { renderHtml } from '@modules/shop-pages/rendering/render-html';
import { StorefrontAssets } from '@modules/shop-pages/rendering/storefront-assets';
import { SHOP_PAGE_CSP } from './shop-pages.controller';

/**
 * The shop pages' 503 is a page, in the shopper's language, never the API's JSON body: whatever
 * fails (the rate limiter's store, the catalog's database), the global filter sends this page with
 * its `Retry-After` (docs/storefront.md, "When PostgreSQL or Redis is away").
 */
@Injectable()
export class ShopPageUnavailableMiddleware implements NestMiddleware {
  constructor(private readonly assets: StorefrontAssets) {}

  use(_request: Request, response: Response, next: NextFunction): void {
    offerUnavailablePage(response, (request, res) => {
      const language = pickLanguage(request.headers['accept-language']);
      res.setHeader('Content-Security-Policy', SHOP_PAGE_CSP);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Content-Language', language);
      res.setHeader('Vary', 'Accept-Language');
      res.setHeader('Cache-Control', 'no-store');
      return renderHtml(<UnavailablePage language={language} styles={this.assets.urls().styles} />);
    });
    next();
  }
}
