import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '@common/errors/domain.error';
import { Env } from '@config/env.schema';
import { GetOrderStatusQuery, type OrderStatusView } from '@modules/orders';
import { SHOP_TEXTS } from '@modules/shop-pages/i18n/shop-texts';
import { MessagePage } from '@modules/shop-pages/pages/message-page';
import { OrderStatusPage as OrderStatusPageTemplate } from '@modules/shop-pages/pages/order-status-page';
import type { PageContext } from '@modules/shop-pages/pages/page-data';
import { renderHtml } from '@modules/shop-pages/rendering/render-html';
import { StorefrontAssets } from '@modules/shop-pages/rendering/storefront-assets';
import { ShopCatalogReader } from '../show-shop-page/shop-catalog.reader';
import { type OrderStatusPage, ShowOrderStatusPageQuery } from './show-order-status-page.query';

/**
 * The order a status link opens, rendered for its request (never cached: the page is the token's).
 * A link that opens no order (a wrong token, another shop's order, an unknown number or shop) is
 * one 404 page that says only that (docs/storefront.md, "Order status").
 */
@QueryHandler(ShowOrderStatusPageQuery)
export class ShowOrderStatusPageHandler implements IQueryHandler<ShowOrderStatusPageQuery, OrderStatusPage> {
  private readonly baseUrl: string;

  constructor(
    private readonly queries: QueryBus,
    private readonly catalog: ShopCatalogReader,
    private readonly assets: StorefrontAssets,
    config: ConfigService<Env, true>,
  ) {
    this.baseUrl = config.get('APP_URL', { infer: true }).replace(/\/+$/, '');
  }

  async execute({ slug, orderNumber, token, language }: ShowOrderStatusPageQuery): Promise<OrderStatusPage> {
    const texts = SHOP_TEXTS[language];
    const assets = this.assets.urls();
    const notFound = (): OrderStatusPage => ({
      status: 404,
      html: renderHtml(
        <MessagePage language={language} styles={assets.styles} title={texts.orderNotFoundTitle} text={texts.orderNotFound} />,
      ),
    });
    let view: OrderStatusView;
    try {
      view = await this.queries.execute<GetOrderStatusQuery, OrderStatusView>(new GetOrderStatusQuery(slug, orderNumber, token));
    } catch (error) {
      if (error instanceof NotFoundError) return notFound();
      throw error;
    }
    const shop = await this.catalog.shop(view.shop.slug);
    if (!shop) return notFound();
    const context: PageContext = { shop, language, texts, baseUrl: this.baseUrl, assets };
    return {
      status: 200,
      html: renderHtml(<OrderStatusPageTemplate context={context} order={view.order} timezone={view.shop.timezone} />),
    };
  }
}
