import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import type { CursorField, PageSlice, PageWindow } from '@common/http/pagination';
import { Cents, centsToNumber, toCents } from '@common/money/money';
import type { CombinedStatement } from '@infra/database/statements';
import { type Availability, availabilityOf, availableUnits } from '../domain/availability';
import { searchKey } from '../domain/catalog-search';
import { CategoryNotFoundError, LocationNotFoundError, ProductNotFoundError } from '../domain/catalog.errors';
import { invalidProductLines, type PricedLine, type StockLine } from '../domain/order-lines';
import type { CategoryResource } from '../dto/category.dto';
import { toCategoryResource } from '../dto/category.mapper';
import type { LocationResource } from '../dto/location.dto';
import { toLocationResource } from '../dto/location.mapper';
import type { ProductResource } from '../dto/product.dto';
import { toProductResource } from '../dto/product.mapper';
import { CategoriesRepository } from '../persistence/categories.repository';
import { LocationsRepository } from '../persistence/locations.repository';
import { ProductsRepository } from '../persistence/products.repository';

/** An active product as a shop's storefront shows it (decisions §18): never its exact stock. */
export interface StorefrontProduct {
  id: number;
  name: string;
  description: string | null;
  price: number;
  image_url: string | null;
  availability: Availability;
}

/** Where a storefront page of products ends: the last row's sort key (`name_key`, `id`). */
export interface StorefrontProductKey {
  nameKey: string;
  id: number;
}

/** A category as a shop's storefront lists it: one with active products, and how many. */
export interface StorefrontCategory {
  id: number;
  name: string;
  slug: string;
  product_count: number;
}

/** An active location as a shop's storefront shows it. */
export interface StorefrontLocation {
  id: string;
  name: string;
  address: string | null;
  /** The branch's phone, as the merchant wrote it; null when it has none. */
  phone: string | null;
  delivery_fee: number;
  is_primary: boolean;
}

/** The active location an order is taken at: the name and address the order keeps, the fee a delivery pays. */
interface OrderLocation {
  id: string;
  name: string;
  address: string | null;
  deliveryFee: Cents;
}

/** The shape of every category slug (`categorySlug`). */
const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The sort key of each list, as its cursor holds it. */
export const PRODUCT_SORT_KEY: readonly CursorField[] = ['int'];
export const LOCATION_SORT_KEY: readonly CursorField[] = ['timestamp', 'uuid'];
export const CATEGORY_SORT_KEY: readonly CursorField[] = ['int', 'int'];

/**
 * Every read of products and locations: the merchant's pages (through the query handlers) and, for
 * other features (orders, checkout, coupons), the one way they see the catalog. The statements are
 * the repositories'; every one names the tenant, so another shop's row is simply not found.
 */
@Injectable()
export class CatalogQueries {
  constructor(
    private readonly products: ProductsRepository,
    private readonly locations: LocationsRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  async productPage(tenantId: string, window: PageWindow): Promise<PageSlice<ProductResource>> {
    const { rows, keys } = await this.products.page(tenantId, window);
    return { data: rows.map(toProductResource), keys };
  }

  productCount(tenantId: string): Promise<number> {
    return this.products.count(tenantId);
  }

  async product(tenantId: string, id: number): Promise<ProductResource> {
    const row = await this.products.findById(tenantId, id);
    if (!row) throw new ProductNotFoundError();
    return toProductResource(row);
  }

  async locationPage(tenantId: string, window: PageWindow): Promise<PageSlice<LocationResource>> {
    const { rows, keys } = await this.locations.page(tenantId, window);
    return { data: rows.map(toLocationResource), keys };
  }

  locationCount(tenantId: string): Promise<number> {
    return this.locations.count(tenantId);
  }

  async location(tenantId: string, id: string): Promise<LocationResource> {
    const row = await this.locations.findById(tenantId, id);
    if (!row) throw new LocationNotFoundError();
    return toLocationResource(row);
  }

  async categoryPage(tenantId: string, window: PageWindow): Promise<PageSlice<CategoryResource>> {
    const { rows, keys } = await this.categories.page(tenantId, window);
    return { data: rows.map(toCategoryResource), keys };
  }

  categoryCount(tenantId: string): Promise<number> {
    return this.categories.count(tenantId);
  }

  async category(tenantId: string, id: number): Promise<CategoryResource> {
    const row = await this.categories.findById(tenantId, id);
    if (!row) throw new CategoryNotFoundError();
    return toCategoryResource(row);
  }

  /** Which of the ids name categories of the shop. */
  async existingCategoryIds(tenantId: string, categoryIds: readonly number[]): Promise<Set<number>> {
    return new Set(await this.categories.existingIds(tenantId, categoryIds));
  }

  /** The shop's categories that hold at least one active product, by position, then id, with how many. */
  storefrontCategories(tenantId: string): Promise<StorefrontCategory[]> {
    return this.categories.storefront(tenantId);
  }

  /**
   * The active location an order is taken at, as a part of `statement` (a read before the order's
   * transaction: nothing an order does locks or changes a location): the one named, else the shop's
   * active primary one, with the name and address the order keeps and the fee a delivery pays
   * (docs/commerce.md, "Branches"). 422 on `location_id` when there is none.
   */
  orderLocationIn(statement: CombinedStatement, tenantId: string, locationId: string | undefined): () => OrderLocation {
    const rows = this.locations.orderLocationIn(statement, tenantId, locationId, (found) => {
      if (found.length > 0) return;
      throw locationId
        ? ValidationFailedError.field('location_id', 'The selected location is invalid.')
        : ValidationFailedError.field('location_id', 'This shop has no active primary location to take the order.');
    });
    return () => {
      const [row] = rows();
      return { id: row.id, name: row.name, address: row.address, deliveryFee: toCents(row.delivery_fee) };
    };
  }

  /**
   * An order's lines priced from the catalog, in the order sent, as a part of `statement`: a read
   * before the order's transaction, without locks (the price is the one the shop had when the order
   * came in). Every product must be an active product of the shop: one 422 names each bad line
   * (`items.N.product_id`). Stock is not decided here but under the products' locks
   * (`InventoryService.lockIn`, `takeIn`), which also check again that each product is still active.
   */
  orderLinesIn(statement: CombinedStatement, tenantId: string, items: readonly StockLine[]): () => PricedLine[] {
    let lines: PricedLine[] = [];
    this.products.orderProductsIn(statement, tenantId, [...new Set(items.map((item) => item.product_id))], (rows) => {
      const byId = new Map(rows.map((row) => [row.id, row]));
      const invalid = invalidProductLines(items, (id) => byId.has(id));
      if (Object.keys(invalid).length > 0) throw new ValidationFailedError(invalid);
      lines = items.map((item) => {
        const product = byId.get(item.product_id)!;
        return {
          productId: product.id,
          name: product.name,
          price: toCents(product.price),
          quantity: item.quantity,
          categoryId: product.category_id,
        };
      });
    });
    return () => lines;
  }

  /** The named location if it is an active one of the shop, else (none named) the active primary one; null when there is none. */
  async activeLocationId(manager: EntityManager, tenantId: string, locationId: string | undefined): Promise<string | null> {
    return (await this.locations.active(manager, tenantId, locationId))?.id ?? null;
  }

  /** The category of each product id, in the order given (null for unknown products or none). */
  async productCategories(
    tenantId: string,
    productIds: readonly number[],
  ): Promise<Array<{ productId: number; categoryId: number | null }>> {
    const rows = await this.products.categories(tenantId, productIds);
    const categories = new Map(rows.map((row) => [row.id, row.category_id]));
    return productIds.map((productId) => ({ productId, categoryId: categories.get(productId) ?? null }));
  }

  /**
   * A cart's subtotal priced from the catalog (the client's names and prices never count). With
   * `onlyActive: 'refuse'` every line must be an active product of the shop, else one 422 names
   * each bad line (`items.N.product_id`); with `'skip'` lines whose product is gone or inactive
   * (a cart stored before that happened) add nothing.
   */
  async cartSubtotal(tenantId: string, items: readonly StockLine[], lines: { onlyActive: 'refuse' | 'skip' }): Promise<Cents> {
    const rows = await this.products.activePrices(tenantId, [...new Set(items.map((item) => item.product_id))]);
    const prices = new Map(rows.map((row) => [row.id, toCents(row.price)]));
    if (lines.onlyActive === 'refuse') {
      const invalid = invalidProductLines(items, (id) => prices.has(id));
      if (Object.keys(invalid).length > 0) throw new ValidationFailedError(invalid);
    }
    return items.reduce((sum, item) => sum + (prices.get(item.product_id) ?? 0) * item.quantity, 0);
  }

  /**
   * One page of the shop's active products for its storefront, by name (accents and case aside),
   * then id: `limit` rows after `after`, and, with `search`, only those whose name or description
   * holds it, case and accents aside; with `category` (a slug), only that category's (none for an
   * unknown slug). `next` is the last row's key when more rows follow, else null.
   * Availability is what checkout's holds leave (`availableUnits`), never the units themselves.
   */
  async storefrontProducts(
    tenantId: string,
    page: { search?: string; category?: string; after?: StorefrontProductKey; limit: number },
  ): Promise<{ data: StorefrontProduct[]; next: StorefrontProductKey | null }> {
    const search = page.search === undefined ? '' : searchKey(page.search);
    // No category has a slug of another shape: nothing to look up.
    if (page.category !== undefined && !CATEGORY_SLUG.test(page.category)) return { data: [], next: null };
    const rows = await this.products.storefrontPage(tenantId, {
      search: search === '' ? null : search,
      category: page.category ?? null,
      after: page.after ?? null,
      limit: page.limit + 1,
    });
    const shown = rows.slice(0, page.limit);
    const last = shown[shown.length - 1];
    return {
      data: shown.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        price: centsToNumber(toCents(row.price)),
        image_url: row.image_url,
        availability: availabilityOf(availableUnits(row.stock, row.held)),
      })),
      next: rows.length > page.limit ? { nameKey: last.name_key, id: last.id } : null,
    };
  }

  /** One active product of the shop as its storefront shows it, with when it last changed; null when there is none. */
  async storefrontProduct(tenantId: string, id: number): Promise<(StorefrontProduct & { updatedAt: Date }) | null> {
    const row = await this.products.storefrontProduct(tenantId, id);
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      price: centsToNumber(toCents(row.price)),
      image_url: row.image_url,
      availability: availabilityOf(availableUnits(row.stock, row.held)),
      updatedAt: row.updated_at,
    };
  }

  /** Up to `limit` of the shop's active products after the id `afterId`, by id: their names and when they last changed (a sitemap). */
  async storefrontSitemapEntries(
    tenantId: string,
    afterId: number,
    limit: number,
  ): Promise<Array<{ id: number; name: string; updatedAt: Date }>> {
    const rows = await this.products.sitemapEntries(tenantId, afterId, limit);
    return rows.map((row) => ({ id: row.id, name: row.name, updatedAt: row.updated_at }));
  }

  /** The shop's active locations for its storefront: the primary first, then by name. */
  async storefrontLocations(tenantId: string): Promise<StorefrontLocation[]> {
    const rows = await this.locations.storefrontLocations(tenantId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      phone: row.phone,
      delivery_fee: centsToNumber(toCents(row.delivery_fee)),
      is_primary: row.is_primary,
    }));
  }

  /** Which of the ids name products of the shop. */
  async existingProductIds(tenantId: string, productIds: readonly number[]): Promise<Set<number>> {
    return new Set(await this.products.existingIds(tenantId, productIds));
  }
}
