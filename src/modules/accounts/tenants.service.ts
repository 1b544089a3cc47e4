import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { EntityManager } from 'typeorm';
import { Env } from '@config/env.schema';
import { firstFreeSlug, slugify } from './domain/slug';
import { TenantEntity } from './persistence/tenant.entity';
import { TenantsRepository } from './persistence/tenants.repository';
import { isPgError, PG_ERROR } from '@infra/database/pg-errors';

const SLUG_ATTEMPTS = 5;

@Injectable()
export class TenantsService {
  /** A new shop's AI budget (AI_DEFAULT_CREDITS; the column's own default, 100, is for rows made elsewhere). */
  private readonly defaultAiCredits: number;

  constructor(
    config: ConfigService<Env, true>,
    private readonly tenants: TenantsRepository,
  ) {
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
    await this.tenants.lockSlugBase(manager, base);
    for (let attempt = 1; ; attempt++) {
      const slug = firstFreeSlug(base, await this.tenants.takenSlugs(manager, base));
      try {
        return await this.tenants.insertUnderSavepoint(manager, { name, slug, ownerId, aiCredits: this.defaultAiCredits });
      } catch (error) {
        if (!isPgError(error, PG_ERROR.uniqueViolation, 'tenants_slug_unique') || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /** An existing, not archived tenant; null when absent. */
  findActive(manager: EntityManager, tenantId: string): Promise<TenantEntity | null> {
    return this.tenants.findActive(manager, tenantId);
  }

  /** Makes `userId` the owner of a tenant that has none; an existing owner is kept. */
  claimOwnershipIfUnowned(manager: EntityManager, tenantId: string, userId: string): Promise<void> {
    return this.tenants.claimOwnershipIfUnowned(manager, tenantId, userId);
  }
}
