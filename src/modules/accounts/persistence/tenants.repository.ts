import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { CombinedStatement } from '@infra/database/statements';
import { TenantEntity } from './tenant.entity';
import {
  ExpiringSubscriptionRow,
  PublicTenantProfileRow,
  ShopRow,
  StorefrontTenantRow,
  TenantProfileRow,
  TenantSubscriptionRow,
} from './tenants.rows';

/** What `tenants.ai_credits` (int4) holds. */
export const MAX_CREDITS = 2_147_483_647;

/** The columns a shop's people may write (`tags` and `social_links` are jsonb). */
export type ShopColumn =
  EnrichableColumn | 'name' | 'language' | 'timezone' | 'payment_methods' | 'bank_transfer_instructions' | ContactColumn | 'social_links';

/** The shop's contact details (docs/accounts.md, "The shop's contact details"), beside `social_links`. */
type ContactColumn = 'phone' | 'whatsapp' | 'email' | 'address' | 'logo_url';

const JSONB_COLUMNS: ReadonlySet<ShopColumn> = new Set(['tags', 'social_links']);

const CONTACT_COLUMNS = 'phone, whatsapp, email, address, logo_url, social_links';

const SHOP_COLUMNS = `id, slug, name, description, seo_title, seo_description, slogan, tags, is_ai_enhanced, ai_credits,
                      subscription_status, language, timezone, payment_methods, bank_transfer_instructions, ${CONTACT_COLUMNS}`;

/** The profile columns AI enrichment may write (`tags` is jsonb). */
export type EnrichableColumn = 'description' | 'seo_title' | 'seo_description' | 'slogan' | 'tags';

/**
 * The `tenants` and `tenant_events` tables: only this module writes them. Every method runs on the
 * caller's `manager` (in its transaction), or on the data source where it says so.
 */
@Injectable()
export class TenantsRepository {
  /** Creations with the same base slug take turns on this lock, held until the transaction ends. */
  async lockSlugBase(manager: EntityManager, base: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tenant-slug:${base}`]);
  }

  /** `base` and its numbered forms (`base-2`, …) already taken, archived shops included. */
  async takenSlugs(manager: EntityManager, base: string): Promise<Set<string>> {
    // `base` is [a-z0-9-] only, so it is safe in both patterns; the LIKE prefix uses the pattern
    // index. Archived shops keep their slug.
    const rows: Array<{ slug: string }> = await manager.query(
      `SELECT slug FROM tenants WHERE slug = $1 OR (slug LIKE ($1 || '-%') AND slug ~ ('^' || $1 || '-[0-9]+$'))`,
      [base],
    );
    return new Set(rows.map((row) => row.slug));
  }

  /**
   * Inserts the shop under a savepoint, so that a unique violation (thrown as is) leaves the
   * caller's transaction usable for another attempt. The new shop.
   */
  async insertUnderSavepoint(
    manager: EntityManager,
    tenant: { name: string; slug: string; ownerId: string | null; aiCredits: number },
  ): Promise<TenantEntity> {
    await manager.query('SAVEPOINT tenant_slug');
    try {
      const rows: Array<{ id: string }> = await manager.query(
        'INSERT INTO tenants (name, slug, user_id, ai_credits) VALUES ($1, $2, $3, $4) RETURNING id',
        [tenant.name, tenant.slug, tenant.ownerId, tenant.aiCredits],
      );
      await manager.query('RELEASE SAVEPOINT tenant_slug');
      return manager.findOneByOrFail(TenantEntity, { id: rows[0].id });
    } catch (error) {
      await manager.query('ROLLBACK TO SAVEPOINT tenant_slug');
      throw error;
    }
  }

  /** An existing, not archived shop; null when absent. */
  findActive(manager: EntityManager, tenantId: string): Promise<TenantEntity | null> {
    return manager.findOneBy(TenantEntity, { id: tenantId });
  }

  /** Makes `userId` the owner of a shop that has none; an existing owner is kept. */
  async claimOwnershipIfUnowned(manager: EntityManager, tenantId: string, userId: string): Promise<void> {
    await manager.query('UPDATE tenants SET user_id = $2, updated_at = now() WHERE id = $1 AND user_id IS NULL', [tenantId, userId]);
  }

  /** The shop's id, by id (`byId`) or else by its lower-cased slug; null when there is none. */
  async findId(manager: EntityManager, key: { id: string } | { slug: string }): Promise<string | null> {
    const rows: Array<{ id: string }> = await manager.query(
      'id' in key ? 'SELECT id FROM tenants WHERE id = $1' : 'SELECT id FROM tenants WHERE slug = $1',
      ['id' in key ? key.id : key.slug],
    );
    return rows[0]?.id ?? null;
  }

  /** On the data source (no transaction): a storefront's shop by `id = $1` or `slug = lower($1)`. */
  async findStorefront(dataSource: DataSource, by: 'id' | 'slug', value: string): Promise<StorefrontTenantRow | undefined> {
    const where = by === 'id' ? 'id = $1' : 'slug = lower($1)';
    const rows: StorefrontTenantRow[] = await dataSource.query(
      `SELECT id, slug, (deleted_at IS NULL AND status = 'active') AS is_public FROM tenants WHERE ${where}`,
      [value],
    );
    return rows[0];
  }

  /** On the data source: the profile of the public shop (not archived, active) whose slug is `lower($1)`. */
  async findPublicProfile(dataSource: DataSource, slug: string): Promise<PublicTenantProfileRow | undefined> {
    const rows: PublicTenantProfileRow[] = await dataSource.query(
      `SELECT id, slug, name, description, slogan, seo_title, seo_description, tags, language, payment_methods, bank_transfer_instructions,
              updated_at, ${CONTACT_COLUMNS}
         FROM tenants WHERE slug = lower($1) AND deleted_at IS NULL AND status = 'active'`,
      [slug],
    );
    return rows[0];
  }

  /** Up to `limit` public shops (not archived, active) after the slug `after`, by slug (`tenants_slug_unique`). */
  publicSlugs(dataSource: DataSource, after: string, limit: number): Promise<Array<{ slug: string; updated_at: Date }>> {
    return dataSource.query(
      `SELECT slug, updated_at FROM tenants WHERE slug > $1 AND deleted_at IS NULL AND status = 'active' ORDER BY slug LIMIT $2`,
      [after, limit],
    );
  }

  /** The profile, archived or not; `lock` holds its row until the caller's transaction ends. */
  async findProfile(manager: EntityManager, tenantId: string, lock: boolean): Promise<TenantProfileRow | undefined> {
    const rows: TenantProfileRow[] = await manager.query(
      `SELECT id, name, user_id, subscription_status, deleted_at, is_ai_enhanced, description, seo_title, seo_description, slogan, tags
         FROM tenants WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [tenantId],
    );
    return rows[0];
  }

  /** A live (not archived) shop's profile and settings; undefined when there is none. */
  async findShop(manager: EntityManager, tenantId: string): Promise<ShopRow | undefined> {
    const rows: ShopRow[] = await manager.query(`SELECT ${SHOP_COLUMNS} FROM tenants WHERE id = $1 AND deleted_at IS NULL`, [tenantId]);
    return rows[0];
  }

  /** A read of the payment methods the live shop accepts, as a part of `statement` (no lock); `check` reads them. */
  paymentMethodsIn(statement: CombinedStatement, tenantId: string, check: (rows: Array<{ payment_methods: string[] }>) => void): void {
    statement.output<{ payment_methods: string[] }>(
      'shop_payment_methods',
      `SELECT payment_methods FROM tenants WHERE id = ${statement.param(tenantId, 'uuid')} AND deleted_at IS NULL`,
      check,
    );
  }

  /** The shop's payment settings, its row locked until the caller's transaction ends (a change checked against them). */
  async lockPaymentSettings(
    manager: EntityManager,
    tenantId: string,
  ): Promise<{ payment_methods: string[]; bank_transfer_instructions: string | null } | undefined> {
    const rows: Array<{ payment_methods: string[]; bank_transfer_instructions: string | null }> = await manager.query(
      `SELECT payment_methods, bank_transfer_instructions FROM tenants WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [tenantId],
    );
    return rows[0];
  }

  /**
   * Writes the given columns of a live shop in one statement (its row lock orders it with an AI
   * enrichment writing the same columns: each sees the other's committed values, the later wins
   * field by field) and answers the shop as it now is; undefined when there is none.
   */
  async updateShop(manager: EntityManager, tenantId: string, columns: Array<[ShopColumn, unknown]>): Promise<ShopRow | undefined> {
    const sets: string[] = ['updated_at = now()'];
    const values: unknown[] = [tenantId];
    for (const [column, value] of columns) {
      const json = JSONB_COLUMNS.has(column);
      values.push(json ? JSON.stringify(value) : value);
      sets.push(`${column} = $${values.length}${json ? '::jsonb' : ''}`);
    }
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [ShopRow[], number] = await manager.query(
      `UPDATE tenants SET ${sets.join(', ')} WHERE id = $1 AND deleted_at IS NULL RETURNING ${SHOP_COLUMNS}`,
      values,
    );
    return rows[0];
  }

  /** Writes the given columns (a value each) and marks the profile AI-enhanced. */
  async applyEnrichment(manager: EntityManager, tenantId: string, columns: Array<[EnrichableColumn, unknown]>): Promise<void> {
    const sets: string[] = [];
    const values: unknown[] = [tenantId];
    for (const [column, value] of columns) {
      values.push(column === 'tags' ? JSON.stringify(value) : value);
      sets.push(`${column} = $${values.length}${column === 'tags' ? '::jsonb' : ''}`);
    }
    await manager.query(`UPDATE tenants SET ${[...sets, 'is_ai_enhanced = true', 'updated_at = now()'].join(', ')} WHERE id = $1`, values);
  }

  /** Takes `credits` when the shop has that many: the balance left, or null. */
  async takeCredits(manager: EntityManager, tenantId: string, credits: number): Promise<number | null> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ ai_credits: number }>, number] = await manager.query(
      `UPDATE tenants SET ai_credits = ai_credits - $2, updated_at = now()
        WHERE id = $1 AND ai_credits >= $2
        RETURNING ai_credits`,
      [tenantId, credits],
    );
    return rows[0]?.ai_credits ?? null;
  }

  /** Adds credits: the new balance, or null when there is no such shop or it would pass MAX_CREDITS. */
  async addCredits(manager: EntityManager, tenantId: string, credits: number): Promise<number | null> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ ai_credits: number }>, number] = await manager.query(
      `UPDATE tenants SET ai_credits = ai_credits + $2, updated_at = now()
        WHERE id = $1 AND ai_credits <= ${MAX_CREDITS} - $2
        RETURNING ai_credits`,
      [tenantId, credits],
    );
    return rows[0]?.ai_credits ?? null;
  }

  /** The shop's subscription state, its row locked until the caller's transaction ends. */
  async lockSubscription(manager: EntityManager, tenantId: string): Promise<TenantSubscriptionRow | undefined> {
    const rows: TenantSubscriptionRow[] = await manager.query('SELECT id, subscription_status FROM tenants WHERE id = $1 FOR UPDATE', [
      tenantId,
    ]);
    return rows[0];
  }

  async cancelSubscription(manager: EntityManager, tenantId: string): Promise<void> {
    await manager.query(`UPDATE tenants SET subscription_status = 'canceled', updated_at = now() WHERE id = $1`, [tenantId]);
  }

  /** Active, paid until `periodEnd` (ISO) unless already paid further: the period end never moves back. */
  async renewSubscription(manager: EntityManager, tenantId: string, periodEnd: string): Promise<void> {
    await manager.query(
      `UPDATE tenants SET subscription_status = 'active',
                subscription_ends_at = GREATEST(COALESCE(subscription_ends_at, $2::timestamptz), $2::timestamptz),
                updated_at = now()
          WHERE id = $1`,
      [tenantId, periodEnd],
    );
  }

  /** A `tenant_events` row: what changed the shop's subscription. */
  async recordEvent(manager: EntityManager, tenantId: string, event: string, details: Record<string, unknown>): Promise<void> {
    await manager.query('INSERT INTO tenant_events (tenant_id, event, details) VALUES ($1, $2, $3)', [tenantId, event, details]);
  }

  /**
   * Live shops whose subscription ends within the next `hours` (and has not ended yet), unless it
   * was canceled, with their owner; soonest first. The database's clock decides "now".
   */
  expiringWithin(manager: EntityManager, hours: number): Promise<ExpiringSubscriptionRow[]> {
    return manager.query(
      `SELECT t.id AS tenant_id, t.name AS tenant_name, t.language, t.timezone, t.subscription_ends_at AS ends_at,
              u.id AS owner_id, u.name AS owner_name, u.email AS owner_email
         FROM tenants t
         JOIN users u ON u.id = t.user_id
        WHERE t.deleted_at IS NULL
          AND t.subscription_status <> 'canceled'
          AND t.subscription_ends_at > now()
          AND t.subscription_ends_at <= now() + make_interval(hours => $1)
        ORDER BY t.subscription_ends_at, t.id`,
      [hours],
    );
  }
}
