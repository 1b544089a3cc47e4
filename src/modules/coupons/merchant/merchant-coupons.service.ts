import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TenantOwnershipRegistry } from '@common/context/tenant-ownership.registry';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { parseIsoTimestamp } from '@common/http/is-iso-timestamp.decorator';
import { centsToDecimal, centsToNumber, toCents } from '@common/money/money';
import { afterCommit, inTransaction } from '@infra/database/transaction';
import { updateSet } from '@infra/database/update-set';
import type { CouponType } from '../domain/coupon-evaluation';
import type { CouponResource, CreateCouponDto, UpdateCouponDto } from '../dto/merchant-coupon.dto';
import { CouponCatalogCache } from '../public-catalog/coupon-catalog.cache';

interface CouponRow {
  id: string;
  code: string;
  coupon_type: CouponType;
  value: string;
  min_spend: string | null;
  max_discount: string | null;
  starts_at: Date | null;
  expires_at: Date | null;
  usage_limit: number | null;
  times_used: number;
  per_customer_limit: number | null;
  is_active: boolean;
  is_public: boolean;
  excluded_product_ids: number[];
  excluded_category_ids: number[];
  created_at: Date;
  updated_at: Date;
}

/** The stored form of the fields a merchant writes (money as numeric text, times as Dates). */
interface CouponFields {
  code: string;
  coupon_type: CouponType;
  value: string;
  min_spend: string | null;
  max_discount: string | null;
  starts_at: Date | null;
  expires_at: Date | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  is_active: boolean;
  is_public: boolean;
  excluded_product_ids: number[];
  excluded_category_ids: number[];
}

const COLUMNS = `id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit, times_used,
  per_customer_limit, is_active, is_public, excluded_product_ids, excluded_category_ids, created_at, updated_at`;
const PER_PAGE = 50;
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

/**
 * The merchant's coupons (decisions §4). Rules that involve several fields (percentage at most 100,
 * the validity window, a usage limit not below the uses so far) are checked on the coupon as it
 * will be after the change; the database's constraints back each of them. Every change drops the
 * tenant's public coupon list from the cache once it has committed.
 */
@Injectable()
export class MerchantCouponsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: CouponCatalogCache,
    private readonly owners: TenantOwnershipRegistry,
  ) {}

  onModuleInit(): void {
    this.owners.register('coupon', async (id) => {
      const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM coupons WHERE id = $1', [id]);
      return rows[0]?.tenant_id ?? null;
    });
  }

  async list(tenantId: string, page: number): Promise<{ coupons: CouponResource[]; total: number }> {
    const rows: Array<CouponRow & { total: string }> = await this.dataSource.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM coupons WHERE tenant_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [tenantId, PER_PAGE, (page - 1) * PER_PAGE],
    );
    const total = rows[0]
      ? Number(rows[0].total)
      : Number((await this.dataSource.query('SELECT count(*) AS total FROM coupons WHERE tenant_id = $1', [tenantId]))[0].total);
    return { coupons: rows.map(toResource), total };
  }

  async find(tenantId: string, id: string): Promise<CouponResource | null> {
    const rows: CouponRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM coupons WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
    return rows[0] ? toResource(rows[0]) : null;
  }

  async create(tenantId: string, input: CreateCouponDto): Promise<CouponResource> {
    const fields: CouponFields = {
      code: input.code,
      coupon_type: input.coupon_type,
      value: money(input.value ?? 0),
      min_spend: nullableMoney(input.min_spend),
      max_discount: nullableMoney(input.max_discount),
      starts_at: timestamp(input.starts_at),
      expires_at: timestamp(input.expires_at),
      usage_limit: input.usage_limit ?? null,
      per_customer_limit: input.per_customer_limit ?? null,
      is_active: input.is_active ?? true,
      is_public: input.is_public ?? false,
      excluded_product_ids: unique(input.excluded_product_ids ?? []),
      excluded_category_ids: unique(input.excluded_category_ids ?? []),
    };
    const coupon = await this.write(async (manager) => {
      await this.checkRules(manager, tenantId, null, fields, 0);
      const rows: CouponRow[] = await manager.query(
        `INSERT INTO coupons (tenant_id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit,
                              per_customer_limit, is_active, is_public, excluded_product_ids, excluded_category_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::int[], $14::int[])
         RETURNING ${COLUMNS}`,
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
      await afterCommit(manager, () => this.cache.invalidate(tenantId));
      return toResource(rows[0]);
    });
    return coupon;
  }

  /** Null when the tenant has no such coupon. */
  async update(tenantId: string, id: string, input: UpdateCouponDto): Promise<CouponResource | null> {
    const coupon = await this.write(async (manager) => {
      const rows: CouponRow[] = await manager.query(`SELECT ${COLUMNS} FROM coupons WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [
        tenantId,
        id,
      ]);
      const current = rows[0];
      if (!current) return null;
      if (
        input.coupon_type !== undefined &&
        input.coupon_type !== 'free_shipping' &&
        current.coupon_type === 'free_shipping' &&
        input.value === undefined
      ) {
        throw ValidationFailedError.field('value', `The value field is required for a ${input.coupon_type} coupon.`);
      }
      const changes: Partial<CouponFields> = {
        code: input.code,
        coupon_type: input.coupon_type,
        value: input.value === undefined ? undefined : money(input.value),
        min_spend: input.min_spend === undefined ? undefined : nullableMoney(input.min_spend),
        max_discount: input.max_discount === undefined ? undefined : nullableMoney(input.max_discount),
        starts_at: input.starts_at === undefined ? undefined : timestamp(input.starts_at),
        expires_at: input.expires_at === undefined ? undefined : timestamp(input.expires_at),
        usage_limit: input.usage_limit,
        per_customer_limit: input.per_customer_limit,
        is_active: input.is_active,
        is_public: input.is_public,
        excluded_product_ids: input.excluded_product_ids === undefined ? undefined : unique(input.excluded_product_ids),
        excluded_category_ids: input.excluded_category_ids === undefined ? undefined : unique(input.excluded_category_ids),
      };
      const merged = { ...fieldsOf(current), ...definedOnly(changes) };
      await this.checkRules(manager, tenantId, id, merged, current.times_used, changes);
      const { assignments, parameters } = updateSet(changes, 3);
      const [updated]: [CouponRow[], number] = await manager.query(
        `UPDATE coupons SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [tenantId, id, ...parameters],
      );
      await afterCommit(manager, () => this.cache.invalidate(tenantId));
      return toResource(updated[0]);
    });
    return coupon;
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    return inTransaction(this.dataSource, async (manager) => {
      const [, affected]: [unknown, number] = await manager.query('DELETE FROM coupons WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
      if (affected > 0) await afterCommit(manager, () => this.cache.invalidate(tenantId));
      return affected > 0;
    });
  }

  /**
   * 422s for rules across fields, on the field a client would fix. `changed` (on update) limits the
   * database look-ups to what the request touches.
   */
  private async checkRules(
    manager: EntityManager,
    tenantId: string,
    id: string | null,
    coupon: CouponFields,
    timesUsed: number,
    changed?: Partial<CouponFields>,
  ): Promise<void> {
    const errors: Record<string, string[]> = {};
    if (coupon.coupon_type === 'percentage' && toCents(coupon.value) > 100_00) {
      errors.value = ['A percentage coupon may not take off more than 100.'];
    }
    if (coupon.starts_at && coupon.expires_at && coupon.starts_at.getTime() >= coupon.expires_at.getTime()) {
      errors.expires_at = ['The expires_at must be a date after starts_at.'];
    }
    if (coupon.usage_limit !== null && coupon.usage_limit < timesUsed) {
      errors.usage_limit = [`The usage_limit may not be lower than the uses so far (${timesUsed}).`];
    }
    if (!changed || changed.code !== undefined) {
      const taken: unknown[] = await manager.query(
        'SELECT 1 FROM coupons WHERE tenant_id = $1 AND code = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)',
        [tenantId, coupon.code, id],
      );
      if (taken.length > 0) errors.code = ['The code has already been taken.'];
    }
    if ((!changed || changed.excluded_product_ids !== undefined) && coupon.excluded_product_ids.length > 0) {
      const found: Array<{ id: number }> = await manager.query('SELECT id FROM products WHERE tenant_id = $1 AND id = ANY($2::int[])', [
        tenantId,
        coupon.excluded_product_ids,
      ]);
      const known = new Set(found.map((row) => row.id));
      coupon.excluded_product_ids.forEach((productId, index) => {
        if (!known.has(productId)) errors[`excluded_product_ids.${index}`] = [`The product ${productId} does not exist in this shop.`];
      });
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
  }

  /** Concurrent writers that passed the checks together meet the constraints: same answers, never a 500. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(this.dataSource, work);
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === UNIQUE_VIOLATION && constraint === 'coupons_tenant_code_unique') {
        throw ValidationFailedError.field('code', 'The code has already been taken.');
      }
      if (code === CHECK_VIOLATION && constraint === 'coupons_usage_within_limit') {
        throw ValidationFailedError.field('usage_limit', 'The usage_limit may not be lower than the uses so far.');
      }
      throw error;
    }
  }
}

function money(value: number): string {
  return centsToDecimal(toCents(value));
}

function nullableMoney(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : money(value);
}

function timestamp(value: string | null | undefined): Date | null {
  return value === null || value === undefined ? null : parseIsoTimestamp(value);
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function fieldsOf(row: CouponRow): CouponFields {
  return {
    code: row.code,
    coupon_type: row.coupon_type,
    value: row.value,
    min_spend: row.min_spend,
    max_discount: row.max_discount,
    starts_at: row.starts_at,
    expires_at: row.expires_at,
    usage_limit: row.usage_limit,
    per_customer_limit: row.per_customer_limit,
    is_active: row.is_active,
    is_public: row.is_public,
    excluded_product_ids: row.excluded_product_ids ?? [],
    excluded_category_ids: row.excluded_category_ids ?? [],
  };
}

function nullableNumber(value: string | null): number | null {
  return value === null ? null : centsToNumber(toCents(value));
}

function toResource(row: CouponRow): CouponResource {
  return {
    id: row.id,
    code: row.code,
    coupon_type: row.coupon_type,
    value: centsToNumber(toCents(row.value)),
    min_spend: nullableNumber(row.min_spend),
    max_discount: nullableNumber(row.max_discount),
    starts_at: row.starts_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    usage_limit: row.usage_limit,
    times_used: row.times_used,
    per_customer_limit: row.per_customer_limit,
    is_active: row.is_active,
    is_public: row.is_public,
    excluded_product_ids: row.excluded_product_ids ?? [],
    excluded_category_ids: row.excluded_category_ids ?? [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
