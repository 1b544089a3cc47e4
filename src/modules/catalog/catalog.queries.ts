import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { Cents, toCents } from '@common/money/money';

/** Reads of the catalog for other features (orders, coupons, analytics): the one way they see products and locations. */
@Injectable()
export class CatalogQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The active location an order is taken at: the one named, else the shop's active primary one.
   * 422 on `location_id` when there is none.
   */
  async orderLocation(
    manager: EntityManager,
    tenantId: string,
    locationId: string | undefined,
  ): Promise<{ id: string; deliveryFee: Cents }> {
    const rows: Array<{ id: string; delivery_fee: string }> = locationId
      ? await manager.query('SELECT id, delivery_fee FROM locations WHERE id = $1 AND tenant_id = $2 AND is_active', [locationId, tenantId])
      : await manager.query('SELECT id, delivery_fee FROM locations WHERE tenant_id = $1 AND is_primary AND is_active', [tenantId]);
    if (rows[0]) return { id: rows[0].id, deliveryFee: toCents(rows[0].delivery_fee) };
    throw locationId
      ? ValidationFailedError.field('location_id', 'The selected location is invalid.')
      : ValidationFailedError.field('location_id', 'This shop has no active primary location to take the order.');
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
}
