import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError, ValidationFailedError } from '@common/errors/domain.error';
import type { PageSlice } from '@common/http/pagination';
import { Cents, toCents } from '@common/money/money';
import { LocationNotFoundError, ProductNotFoundError } from '../domain/catalog.errors';
import { invalidProductLines, type PricedLine, type StockLine } from '../domain/order-lines';
import type { LocationResource } from '../dto/location.dto';
import { LOCATION_COLUMNS, LocationRow, toLocationResource } from '../dto/location.mapper';
import type { ProductResource } from '../dto/product.dto';
import { PRODUCT_COLUMNS, ProductRow, toProductResource } from '../dto/product.mapper';
import { CATALOG_PER_PAGE, pageOffset } from './catalog-page';
import type { CombinedStatement } from '@infra/database/combined-statement';

/** How the merchant pages read one catalog table. */
interface CatalogTable<Row, Resource> {
  table: 'products' | 'locations';
  columns: string;
  order: string;
  toResource: (row: Row) => Resource;
  notFound: () => DomainError;
}

// Ids are a sequence, so id order is creation order, and (tenant_id, id) is indexed.
const PRODUCTS: CatalogTable<ProductRow, ProductResource> = {
  table: 'products',
  columns: PRODUCT_COLUMNS,
  order: 'id DESC',
  toResource: toProductResource,
  notFound: () => new ProductNotFoundError(),
};
const LOCATIONS: CatalogTable<LocationRow, LocationResource> = {
  table: 'locations',
  columns: LOCATION_COLUMNS,
  order: 'created_at DESC, id DESC',
  toResource: toLocationResource,
  notFound: () => new LocationNotFoundError(),
};

/**
 * Every read of products and locations: the merchant's pages and, for other features (orders,
 * checkout, coupons), the one way they see the catalog. Every statement names the tenant, so
 * another shop's row is simply not found.
 */
@Injectable()
export class CatalogQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  productPage(tenantId: string, page: number): Promise<PageSlice<ProductResource>> {
    return this.page(PRODUCTS, tenantId, page);
  }

  product(tenantId: string, id: number): Promise<ProductResource> {
    return this.one(PRODUCTS, tenantId, id);
  }

  locationPage(tenantId: string, page: number): Promise<PageSlice<LocationResource>> {
    return this.page(LOCATIONS, tenantId, page);
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

  /** A page of the shop's rows with the shop's total, which a page past the end still reports. */
  private async page<Row, Resource>(source: CatalogTable<Row, Resource>, tenantId: string, page: number): Promise<PageSlice<Resource>> {
    const rows: Array<Row & { total: string }> = await this.dataSource.query(
      `SELECT ${source.columns}, count(*) OVER () AS total FROM ${source.table} WHERE tenant_id = $1 ORDER BY ${source.order} LIMIT $2 OFFSET $3`,
      [tenantId, CATALOG_PER_PAGE, pageOffset(page)],
    );
    const total = rows[0]
      ? Number(rows[0].total)
      : Number((await this.dataSource.query(`SELECT count(*) AS total FROM ${source.table} WHERE tenant_id = $1`, [tenantId]))[0].total);
    return { data: rows.map(source.toResource), total };
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
