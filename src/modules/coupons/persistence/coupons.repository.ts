import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TenantOwnedRows } from '@common/context/ports';
import type { PageWindow } from '@common/http/pagination';
import { epochMicros, listTotal, timestampOfMicros } from '@infra/database/list-counts';
import type { CombinedStatement, StatementPart } from '@infra/database/statements';
import { updateSet } from '@infra/database/update-set';
import { COUPON_COLUMNS, type CouponFields, type CouponRow, type PublicCouponRow } from './coupons.rows';

const SELECT = `SELECT ${COUPON_COLUMNS}, ${epochMicros('created_at')} AS sort_key FROM coupons`;
const ORDER = 'created_at DESC, id DESC';

/**
 * Every statement on `coupons` and `coupon_redemptions` (only the coupons module writes them).
 * Methods named `…In` add parts to the caller's combined statement and send nothing; the others
 * send their own statements, in the `manager`'s transaction where they take one.
 */
@Injectable()
export class CouponsRepository implements TenantOwnedRows {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The shop that owns the coupon `id` names, or null when there is none (the tenant access guard asks). */
  async tenantOf(id: string | number): Promise<string | null> {
    const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM coupons WHERE id = $1', [id]);
    return rows[0]?.tenant_id ?? null;
  }

  /** The shop's coupon with this (normalized) code, or null. */
  async findByCode(tenantId: string, code: string): Promise<CouponRow | null> {
    const rows: CouponRow[] = await this.dataSource.query(`SELECT ${COUPON_COLUMNS} FROM coupons WHERE tenant_id = $1 AND code = $2`, [
      tenantId,
      code,
    ]);
    return rows[0] ?? null;
  }

  /** One coupon of the shop, or null. */
  async findById(tenantId: string, couponId: string): Promise<CouponRow | null> {
    const rows: CouponRow[] = await this.dataSource.query(`SELECT ${COUPON_COLUMNS} FROM coupons WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      couponId,
    ]);
    return rows[0] ?? null;
  }

  /** One coupon of the shop, locked until the transaction ends, or null. */
  async lockById(manager: EntityManager, tenantId: string, couponId: string): Promise<CouponRow | null> {
    const rows: CouponRow[] = await manager.query(`SELECT ${COUPON_COLUMNS} FROM coupons WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [
      tenantId,
      couponId,
    ]);
    return rows[0] ?? null;
  }

  /** Whether another coupon of the shop (not `exceptId`) has this code. */
  async codeTaken(manager: EntityManager, tenantId: string, code: string, exceptId: string | null): Promise<boolean> {
    const taken: unknown[] = await manager.query(
      'SELECT 1 FROM coupons WHERE tenant_id = $1 AND code = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)',
      [tenantId, code, exceptId],
    );
    return taken.length > 0;
  }

  /**
   * A page of the shop's coupons, newest first, off coupons_tenant_created_idx: the page's ids
   * first, off the index alone (index-only); then only those rows.
   */
  async page(tenantId: string, window: PageWindow): Promise<Array<CouponRow & { sort_key: string }>> {
    const ids =
      window.kind === 'after'
        ? {
            sql: `SELECT id FROM coupons WHERE tenant_id = $1 AND (created_at, id) < (${timestampOfMicros('$2')}, $3::uuid) ORDER BY ${ORDER} LIMIT $4`,
            params: [tenantId, ...window.key, window.limit],
          }
        : {
            sql: `SELECT id FROM coupons WHERE tenant_id = $1 ORDER BY ${window.backward ? 'created_at, id' : ORDER} LIMIT $2 OFFSET $3`,
            params: [tenantId, window.limit, window.offset],
          };
    return this.dataSource.query(
      `WITH page AS MATERIALIZED (${ids.sql}) ${SELECT} WHERE id IN (SELECT id FROM page) ORDER BY ${ORDER}`,
      ids.params,
    );
  }

  /** How many coupons the shop has, from the counters. */
  count(tenantId: string): Promise<number> {
    return listTotal(this.dataSource, 'coupons', tenantId);
  }

  /** Every active public coupon of the shop with uses left that has not expired yet (its start is not checked). */
  publicCandidates(tenantId: string): Promise<PublicCouponRow[]> {
    return this.dataSource.query(
      `SELECT code, coupon_type, value, min_spend, starts_at, expires_at
         FROM coupons
        WHERE tenant_id = $1 AND is_active AND is_public
          AND (usage_limit IS NULL OR times_used < usage_limit)
          AND (expires_at IS NULL OR expires_at > now())
        ORDER BY created_at DESC, code`,
      [tenantId],
    );
  }

  async insert(manager: EntityManager, tenantId: string, fields: CouponFields): Promise<CouponRow> {
    const rows: CouponRow[] = await manager.query(
      `INSERT INTO coupons (tenant_id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit,
                              per_customer_limit, is_active, is_public, excluded_product_ids, excluded_category_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::int[], $14::int[])
         RETURNING ${COUPON_COLUMNS}`,
      [
        tenantId,
        fields.code,
        fields.coupon_type,
        fields.value,
        fields.min_spend,
        fields.max_discount,
        fields.starts_at,
        fields.expires_at,
        fields.usage_limit,
        fields.per_customer_limit,
        fields.is_active,
        fields.is_public,
        fields.excluded_product_ids,
        fields.excluded_category_ids,
      ],
    );
    return rows[0];
  }

  /** Writes the `changed` fields of a coupon (locked by `lockById`); its row as it is after. */
  async update(manager: EntityManager, tenantId: string, couponId: string, changed: Partial<CouponFields>): Promise<CouponRow> {
    const { assignments, parameters } = updateSet(changed, 3);
    const [updated]: [CouponRow[], number] = await manager.query(
      `UPDATE coupons SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${COUPON_COLUMNS}`,
      [tenantId, couponId, ...parameters],
    );
    return updated[0];
  }

  /** Whether the shop had the coupon (and now has not). */
  async delete(manager: EntityManager, tenantId: string, couponId: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query('DELETE FROM coupons WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      couponId,
    ]);
    return affected > 0;
  }

  /** How often the customer has used the coupon (in the `manager`'s transaction, or outside any with null). */
  async customerUses(manager: EntityManager | null, couponId: string, customerKey: string): Promise<number> {
    const counted: Array<{ count: string }> = await (manager ?? this.dataSource.manager).query(
      'SELECT count(*) FROM coupon_redemptions WHERE coupon_id = $1 AND customer_key = $2',
      [couponId, customerKey],
    );
    return Number(counted[0].count);
  }

  /** A coupon's row by its (normalized) code as the part `coupon_locked` of `statement`, locked after the parts `after`. */
  lockIn(statement: CombinedStatement, tenantId: string, code: string, after: readonly StatementPart[]): () => CouponRow | null {
    return this.rowIn(statement, 'coupon_locked', tenantId, code, `AND ${statement.after(...after)} FOR UPDATE`);
  }

  /** A coupon's row by its (normalized) code as the part `coupon_read` of `statement`, without a lock. */
  readIn(statement: CombinedStatement, tenantId: string, code: string): () => CouponRow | null {
    return this.rowIn(statement, 'coupon_read', tenantId, code, '');
  }

  private rowIn(statement: CombinedStatement, name: string, tenantId: string, code: string, rest: string): () => CouponRow | null {
    const rows = statement.output<CouponRow>(
      name,
      // Numeric columns as text, as node-postgres gives them (the rules read them as decimal text).
      `SELECT ${COUPON_COLUMNS.replace(/\b(value|min_spend|max_discount)\b/g, '$1::text AS $1')} FROM coupons
        WHERE tenant_id = ${statement.param(tenantId, 'uuid')} AND code = ${statement.param(code, 'varchar')} ${rest}`,
    );
    return () => rows()[0] ?? null;
  }

  /**
   * One use of a coupon as parts of the order's `statement` (`orderId`: the SQL giving the order's
   * id there): the coupon's times_used and the redemption row.
   */
  redeemIn(
    statement: CombinedStatement,
    use: { couponId: string | null; tenantId: string; orderId: string; customerKey: string | null },
  ): void {
    const couponId = statement.param(use.couponId, 'uuid');
    statement.with('coupon_used', `UPDATE coupons SET times_used = times_used + 1, updated_at = now() WHERE id = ${couponId}`);
    statement.with(
      'coupon_redeemed',
      `INSERT INTO coupon_redemptions (coupon_id, tenant_id, order_id, customer_key)
       VALUES (${couponId}, ${statement.param(use.tenantId, 'uuid')}, ${use.orderId},
               COALESCE(${statement.param(use.customerKey, 'varchar')}, 'order:' || ${use.orderId}))`,
    );
  }
}
