import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ValidationFailedError } from '@common/errors/domain.error';
import { decodeCursor, encodeCursor } from '@common/http/pagination';
import { TenantDirectory } from '@modules/accounts';
import { CatalogQueries, type StorefrontProductKey } from '@modules/catalog';
import { StorefrontNotFoundError } from '@modules/storefront/domain/storefront.errors';
import { entityTag } from '@modules/storefront/domain/storefront-etag';
import type { StorefrontProductPage, StorefrontProductsView } from '@modules/storefront/domain/storefront-views';
import { ListStorefrontProductsQuery } from './list-storefront-products.query';

export const STOREFRONT_PRODUCTS_DEFAULT_LIMIT = 24;
export const STOREFRONT_PRODUCTS_MAX_LIMIT = 100;
export const STOREFRONT_SEARCH_MAX = 100;
/** A category's slug is at most 120 characters and a `-N` suffix. */
export const STOREFRONT_CATEGORY_MAX = 140;

/** The list a cursor names (`encodeCursor`): a cursor of another list is refused, not misread. */
const CURSOR_LIST = 'storefront-products';
const CURSOR_SHAPE = ['text', 'int'] as const;

@QueryHandler(ListStorefrontProductsQuery)
export class ListStorefrontProductsHandler implements IQueryHandler<ListStorefrontProductsQuery, StorefrontProductsView> {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly catalog: CatalogQueries,
  ) {}

  async execute({ slug, request }: ListStorefrontProductsQuery): Promise<StorefrontProductsView> {
    const limit = request.limit ?? STOREFRONT_PRODUCTS_DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > STOREFRONT_PRODUCTS_MAX_LIMIT) {
      throw ValidationFailedError.field('limit', `The limit must be an integer from 1 to ${STOREFRONT_PRODUCTS_MAX_LIMIT}.`);
    }
    if (request.q !== undefined && request.q.length > STOREFRONT_SEARCH_MAX) {
      throw ValidationFailedError.field('q', `The search may not be greater than ${STOREFRONT_SEARCH_MAX} characters.`);
    }
    if (request.q?.includes('\u0000')) throw ValidationFailedError.field('q', 'The search may not hold a NUL character.');
    if (request.category !== undefined && request.category.length > STOREFRONT_CATEGORY_MAX) {
      throw ValidationFailedError.field('category', `The category may not be greater than ${STOREFRONT_CATEGORY_MAX} characters.`);
    }
    const after = request.cursor === undefined ? undefined : cursorKey(request.cursor);
    const profile = await this.tenants.publicProfile(slug);
    if (!profile) throw new StorefrontNotFoundError();

    const { data, next } = await this.catalog.storefrontProducts(profile.id, {
      search: request.q,
      category: request.category,
      after,
      limit,
    });
    const page: StorefrontProductPage = { data, next_cursor: next ? encodeCursor(CURSOR_LIST, [next.nameKey, next.id]) : null };
    return { page, tenantId: profile.id, etag: entityTag(page) };
  }
}

function cursorKey(cursor: string): StorefrontProductKey {
  const [nameKey, id] = decodeCursor(CURSOR_LIST, cursor, CURSOR_SHAPE);
  return { nameKey: nameKey as string, id: id as number };
}
