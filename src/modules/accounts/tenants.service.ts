import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { EntityManager } from 'typeorm';
import { Env } from '@config/env.schema';
import { firstFreeSlug, slugify } from './domain/slug';
import { TenantEntity } from './persistence/tenant.entity';
import { isPgError, PG_ERROR } from '@infra/database/pg-errors';

const SLUG_ATTEMPTS = 5;

@Injectable()
export class TenantsService {
  /** A new shop's AI budget (AI_DEFAULT_CREDITS; the column's own default, 100, is for rows made elsewhere). */
  private readonly defaultAiCredits: number;

  constructor(config: ConfigService<Env, true>) {
    this.defaultAiCredits = config.get('AI_DEFAULT_CREDITS', { infer: true });
  }

  /**
   * Creates a shop owned by `ownerId` with a unique slug from its name, inside the caller's
   * transaction. Creations with the same base slug take turns on an advisory lock held until
   * commit, so they number themselves `-2`, `-3`, ... instead of colliding. A base that collides
   * with another's suffix (`Shop 2` against the second `Shop`) is caught by the unique constraint
   * and retried under a savepoint.
   */
  async createOwned(manager: EntityManager, name: string, ownerId: string | null): Promise<TenantEntity> {
    const base = slugify(name);
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tenant-slug:${base}`]);
    for (let attempt = 1; ; attempt++) {
      const slug = firstFreeSlug(base, await this.takenSlugs(manager, base));
      await manager.query('SAVEPOINT tenant_slug');
      try {
        const rows: Array<{ id: string }> = await manager.query(
          'INSERT INTO tenants (name, slug, user_id, ai_credits) VALUES ($1, $2, $3, $4) RETURNING id',
          [name, slug, ownerId, this.defaultAiCredits],
        );
        await manager.query('RELEASE SAVEPOINT tenant_slug');
        return manager.findOneByOrFail(TenantEntity, { id: rows[0].id });
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT tenant_slug');
        if (!isPgError(error, PG_ERROR.uniqueViolation, 'tenants_slug_unique') || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /** An existing, not archived tenant; null when absent. */
  findActive(manager: EntityManager, tenantId: string): Promise<TenantEntity | null> {
    return manager.findOneBy(TenantEntity, { id: tenantId });
  }

  /** Makes `userId` the owner of a tenant that has none; an existing owner is kept. */
  async claimOwnershipIfUnowned(manager: EntityManager, tenantId: string, userId: string): Promise<void> {
    await manager.query('UPDATE tenants SET user_id = $2, updated_at = now() WHERE id = $1 AND user_id IS NULL', [tenantId, userId]);
  }

  private async takenSlugs(manager: EntityManager, base: string): Promise<Set<string>> {
    // `base` is [a-z0-9-] only, so it is safe in both patterns; the LIKE prefix uses the pattern
    // index. Archived shops keep their slug.
    const rows: Array<{ slug: string }> = await manager.query(
      `SELECT slug FROM tenants WHERE slug = $1 OR (slug LIKE ($1 || '-%') AND slug ~ ('^' || $1 || '-[0-9]+$'))`,
      [base],
    );
    return new Set(rows.map((row) => row.slug));
  }
}
