import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Env } from '@config/env.schema';
import { TenantDirectory } from '@modules/accounts';
import { CatalogQueries } from '@modules/catalog';
import { StorefrontNotFoundError } from '@modules/storefront/domain/storefront.errors';
import { entityTag } from '@modules/storefront/domain/storefront-etag';
import type { StorefrontShop, StorefrontShopView } from '@modules/storefront/domain/storefront-views';
import { GetStorefrontShopQuery } from './get-storefront-shop.query';

@QueryHandler(GetStorefrontShopQuery)
export class GetStorefrontShopHandler implements IQueryHandler<GetStorefrontShopQuery, StorefrontShopView> {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly catalog: CatalogQueries,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async execute({ slug }: GetStorefrontShopQuery): Promise<StorefrontShopView> {
    const profile = await this.tenants.publicProfile(slug);
    if (!profile) throw new StorefrontNotFoundError();
    const shop: StorefrontShop = {
      slug: profile.slug,
      name: profile.name,
      description: profile.description,
      slogan: profile.slogan,
      seo_title: profile.seoTitle,
      seo_description: profile.seoDescription,
      tags: profile.tags,
      currency: this.config.get('APP_CURRENCY', { infer: true }),
      payment_methods: profile.paymentMethods,
      bank_transfer_instructions: profile.bankTransferInstructions,
      phone: profile.phone,
      whatsapp: profile.whatsapp,
      email: profile.email,
      address: profile.address,
      logo_url: profile.logoUrl,
      social_links: profile.socialLinks,
      locations: await this.catalog.storefrontLocations(profile.id),
    };
    return {
      shop,
      tenantId: profile.id,
      language: profile.language,
      etag: entityTag(shop),
    };
  }
}
