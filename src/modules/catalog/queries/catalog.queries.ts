import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError, ValidationFailedError } from '@common/errors/domain.error';
import type { CursorField, CursorKey, PageSlice, PageWindow } from '@common/http/pagination';
import { epochMicros, listTotal, timestampOfMicros } from '@infra/database/list-counts';
import { Cents, toCents } from '@common/money/money';
import { LocationNotFoundError, ProductNotFoundError } from '../domain/catalog.errors';
import { invalidProductLines, type PricedLine, type StockLine } from '../domain/order-lines';
import type { LocationResource } from '../dto/location.dto';
import { LOCATION_COLUMNS, LocationRow, toLocationResource } from '../dto/location.mapper';
import type { ProductResource } from '../dto/product.dto';
import { PRODUCT_COLUMNS, ProductRow, toProductResource } from '../dto/product.mapper';
import type { CombinedStatement } from '@infra/database/statements';

/** How the merchant pages read one catalog table. */
interface CatalogTable<Row, Resource> {
  table: 'products' | 'locations';
  columns: string;
  /** The list's order, its reverse (a deep page is read from the end), and a row's sort key as the cursor holds it. */
  order: string;
  reverse: string;
  sortKey: string;
  /** Rows after the cursor's key ($2.. its values). */
  after: string;
  keyOf: (row: Row & { sort_key: string }) => CursorKey;
  toResource: (row: Row) => Resource;
  notFound: () => DomainError;
}

// Ids are a sequence, so id order is creation order, and (tenant_id, id) is indexed.
const PRODUCTS: CatalogTable<ProductRow, ProductResource> = {
  table: 'products',
  columns: PRODUCT_COLUMNS,
  order: 'id DESC',
  reverse: 'id',
  sortKey: 'NULL',
  after: 'id < $2::int',
  keyOf: (row) => [row.id],
  toResource: toProductResource,
  notFound: () => new ProductNotFoundError(),
};
const LOCATIONS: CatalogTable<LocationRow, LocationResource> = {
  table: 'locations',
  columns: LOCATION_COLUMNS,
  order: 'created_at DESC, id DESC',
  reverse: 'created_at, id',
  sortKey: epochMicros('created_at'),
  after: `(created_at, id) < (${timestampOfMicros('$2')}, $3::uuid)`,
  keyOf: (row) => [row.sort_key, row.id],
  toResource: toLocationResource,
  notFound: () => new LocationNotFoundError(),
};

/** The sort key of each list, as its cursor holds it. */
export const PRODUCT_SORT_KEY: readonly CursorField[] = ['int'];
export const LOCATION_SORT_KEY: readonly CursorField[] = ['timestamp', 'uuid'];

/**
 * Every read of products and locations: the merchant's pages and, for other features (orders,
 * checkout, coupons), the one way they see the catalog. Every statement names the tenant, so
 * another shop's row is simply not found.
 */
@Injectable()
export class CatalogQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  productPage(tenantId: string, window: PageWindow): Promise<PageSlice<ProductResource>> {
    return this.page(PRODUCTS, tenantId, window);
  }

  productCount(tenantId: string): Promise<number> {
    return listTotal(this.dataSource, 'products', tenantId);
  }

  product(tenantId: string, id: number): Promise<ProductResource> {
    return this.one(PRODUCTS, tenantId, id);
  }

  locationPage(tenantId: string, window: PageWindow): Promise<PageSlice<LocationResource>> {
    return this.page(LOCATIONS, tenantId, window);
  }

  locationCount(tenantId: string): Promise<number> {
    return listTotal(this.dataSource, 'locations', tenantId);
  }

  location(tenantId: string, id: string): Promise<LocationResource> {
    return this.one(LOCATIONS, tenantId, id);
  }

  /**
   * The active location an order is taken at, as a part of `statement` (a read before the order's
   * transaction: nothing an order does locks or changes a location): the one named, else the shop's
   * active primary one. 422 on `location_id` when there is none.
   */
  orderLocationIn(
    statement: CombinedStatement,
    tenantId: string,
    locationId: string | undefined,
  ): () => { id: string; deliveryFee: Cents } {
    const tenant = statement.param(tenantId, 'uuid');
    const rows = statement.output<{ id: string; delivery_fee: string }>(
      'order_location',
      `SELECT id, delivery_fee::text AS delivery_fee FROM locations WHERE tenant_id = ${tenant} AND is_active AND ${
        locationId ? `id = ${statement.param(locationId, 'uuid')}` : 'is_primary'
      }`,
      (found) => {
        if (found.length > 0) return;
        throw locationId
          ? ValidationFailedError.field('location_id', 'The selected location is invalid.')
          : ValidationFailedError.field('location_id', 'This shop has no active primary location to take the order.');
      },
    );
    return () => ({ id: rows()[0].id, deliveryFee: toCents(rows()[0].delivery_fee) });
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
    statement.output<{ id: number; name: string; price: string; category_id: number | null }>(
      'order_products',
      `SELECT id, name, price::text AS price, category_id FROM products
        WHERE tenant_id = ${statement.param(tenantId, 'uuid')} AND id = ANY(${statement.param([...new Set(items.map((item) => item.product_id))], 'int[]')}) AND is_active`,
      (rows) => {
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
      },
    );
    return () => lines;
  }

  /** The named location if it is an active one of the shop, else (none named) the active primary one; null when there is none. */
  async activeLocationId(manager: EntityManager, tenantId: string, locationId: string | undefined): Promise<string | null> {
    return (await this.activeLocation(manager, tenantId, locationId))?.id ?? null;
  }

  /** The category of each product id, in the order given (null for unknown products or none). */
  async productCategories(
    tenantId: string,
    productIds: readonly number[],
  ): Promise<Array<{ productId: number; categoryId: number | null }>> {
    const rows: Array<{ id: number; category_id: number | null }> = await this.dataSource.query(
      'SELECT id, category_id FROM products WHERE tenant_id = $1 AND id = ANY($2::int[])',
      [tenantId, [...productIds]],
    );
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
    const rows: Array<{ id: number; price: string }> = await this.dataSource.query(
      'SELECT id, price::text AS price FROM products WHERE tenant_id = $1 AND id = ANY($2::int[]) AND is_active',
      [tenantId, [...new Set(items.map((item) => item.product_id))]],
    );
    const prices = new Map(rows.map((row) => [row.id, toCents(row.price)]));
    if (lines.onlyActive === 'refuse') {
      const invalid = invalidProductLines(items, (id) => prices.has(id));
      if (Object.keys(invalid).length > 0) throw new ValidationFailedError(invalid);
    }
    return items.reduce((sum, item) => sum + (prices.get(item.product_id) ?? 0) * item.quantity, 0);
  }

  /** Which of the ids name products of the shop. */
  async existingProductIds(tenantId: string, productIds: readonly number[]): Promise<Set<number>> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      'SELECT id FROM products WHERE tenant_id = $1 AND id = ANY($2::int[])',
      [tenantId, [...productIds]],
    );
    return new Set(rows.map((row) => row.id));
  }

  private async activeLocation(
    manager: EntityManager,
    tenantId: string,
    locationId: string | undefined,
  ): Promise<{ id: string; delivery_fee: string } | undefined> {
    const rows: Array<{ id: string; delivery_fee: string }> = locationId
      ? await manager.query('SELECT id, delivery_fee FROM locations WHERE id = $1 AND tenant_id = $2 AND is_active', [locationId, tenantId])
      : await manager.query('SELECT id, delivery_fee FROM locations WHERE tenant_id = $1 AND is_primary AND is_active', [tenantId]);
    return rows[0];
  }

  /**
   * A page of the shop's rows: keyset after a cursor, or by offset from whichever end of the list is
   * nearer. The page's ids come first, off the list's index alone (index-only); only those rows are read.
   */
  private async page<Row, Resource>(
    source: CatalogTable<Row, Resource>,
    tenantId: string,
    window: PageWindow,
  ): Promise<PageSlice<Resource>> {
    const ids =
      window.kind === 'after'
        ? {
            sql: `SELECT id FROM ${source.table} WHERE tenant_id = $1 AND ${source.after} ORDER BY ${source.order} LIMIT $${window.key.length + 2}`,
            params: [tenantId, ...window.key, window.limit],
          }
        : {
            sql: `SELECT id FROM ${source.table} WHERE tenant_id = $1 ORDER BY ${window.backward ? source.reverse : source.order} LIMIT $2 OFFSET $3`,
            params: [tenantId, window.limit, window.offset],
          };
    const rows: Array<Row & { sort_key: string }> = await this.dataSource.query(
      `WITH page AS MATERIALIZED (${ids.sql})
       SELECT ${source.columns}, ${source.sortKey} AS sort_key FROM ${source.table} WHERE id IN (SELECT id FROM page) ORDER BY ${source.order}`,
      ids.params,
    );
    return { data: rows.map(source.toResource), keys: rows.map(source.keyOf) };
  }

  /** One row of the shop, or the resource's 404. */
  private async one<Row, Resource>(source: CatalogTable<Row, Resource>, tenantId: string, id: string | number): Promise<Resource> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${source.columns} FROM ${source.table} WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
    if (!rows[0]) throw source.notFound();
    return source.toResource(rows[0]);
  }
}
