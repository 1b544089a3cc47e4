import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { UserRole } from '../domain/user-role';
import { UserEntity } from './user.entity';
import { ProviderUserRow, TenantRecipientRow, UserRow, userFromRow } from './users.rows';

/**
 * The `users` table: only this module writes it. Every method runs on the caller's `manager` (in
 * its transaction), or on the data source where it says so.
 */
@Injectable()
export class UsersRepository {
  /**
   * The account by id, for `GET /user` on every app load: one plain statement and the entity built
   * by hand, since TypeORM's query builder cost this hot path more than the read itself (issue 14).
   */
  async findById(manager: EntityManager, id: string): Promise<UserEntity | null> {
    const rows: UserRow[] = await manager.query(
      `SELECT id, name, email, tenant_id, role, is_super_admin, avatar_url, email_verified_at, created_at, updated_at
         FROM users WHERE id = $1`,
      [id],
    );
    return rows[0] ? userFromRow(rows[0]) : null;
  }

  async isEmailVerified(manager: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM users WHERE id = $1 AND email_verified_at IS NOT NULL', [id]);
    return rows.length > 0;
  }

  /** The account, locked (`FOR NO KEY UPDATE`) until the caller's transaction ends. */
  lockForSignIn(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return manager.createQueryBuilder(UserEntity, 'u').where('u.id = :id', { id }).setLock('for_no_key_update').getOne();
  }

  /** `email` already normalized: case-insensitive, like the uniqueness rule (and served by its index). */
  findByEmail(manager: EntityManager, email: string): Promise<UserEntity | null> {
    return manager.createQueryBuilder(UserEntity, 'u').where('lower(u.email) = :email', { email }).getOne();
  }

  /** Outside any transaction: registration's fast answer before it hashes. `email` already normalized. */
  async emailTaken(dataSource: DataSource, email: string): Promise<boolean> {
    const rows: unknown[] = await dataSource.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
    return rows.length > 0;
  }

  /** A registered account (with a password); its id. */
  async insertRegistered(
    manager: EntityManager,
    user: { name: string; email: string; passwordHash: string; tenantId: string | null; role: UserRole },
  ): Promise<string> {
    const inserted: Array<{ id: string }> = await manager.query(
      'INSERT INTO users (name, email, password_hash, tenant_id, role) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [user.name, user.email, user.passwordHash, user.tenantId, user.role],
    );
    return inserted[0].id;
  }

  /** An account made from a provider's login (no password), its email proven when the provider says so. */
  async insertFromProvider(
    manager: EntityManager,
    user: { name: string; email: string; avatarUrl: string | null; emailVerified: boolean },
  ): Promise<ProviderUserRow> {
    const rows: ProviderUserRow[] = await manager.query(
      `INSERT INTO users (name, email, avatar_url, email_verified_at)
           VALUES ($1, $2, $3, CASE WHEN $4 THEN now() ELSE NULL END)
           RETURNING id, name, email, tenant_id, avatar_url`,
      [user.name, user.email, user.avatarUrl, user.emailVerified],
    );
    return rows[0];
  }

  /** The user's shop, the row locked until the caller's transaction ends; undefined when there is no such user. */
  async lockTenantLink(manager: EntityManager, userId: string): Promise<{ tenant_id: string | null } | undefined> {
    const rows: Array<{ tenant_id: string | null }> = await manager.query('SELECT tenant_id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    return rows[0];
  }

  /** The user becomes the owner of `tenantId`. */
  async makeOwner(manager: EntityManager, userId: string, tenantId: string): Promise<void> {
    await manager.query(`UPDATE users SET tenant_id = $2, role = 'owner', updated_at = now() WHERE id = $1`, [userId, tenantId]);
  }

  /** Marks the email proven, if it was not: true when this call did (it took the row lock). */
  async markEmailProven(manager: EntityManager, userId: string): Promise<boolean> {
    const [, proven] = await manager.query<[unknown, number]>(
      'UPDATE users SET email_verified_at = now(), updated_at = now() WHERE id = $1 AND email_verified_at IS NULL',
      [userId],
    );
    return proven > 0;
  }

  async grantSuperAdmin(manager: EntityManager, userId: string): Promise<void> {
    await manager.update(UserEntity, { id: userId }, { isSuperAdmin: true });
  }

  /**
   * A shop with its owner (`tenants.user_id`) and its users with role `owner` or `admin`, a row
   * each (one row with null user fields when it has none); no rows when there is no such shop.
   */
  tenantAdmins(manager: EntityManager, tenantId: string): Promise<TenantRecipientRow[]> {
    return manager.query(
      `SELECT t.name AS tenant_name, t.language, t.timezone, u.id, u.name, u.email
         FROM tenants t
         LEFT JOIN users u ON u.id = t.user_id OR (u.tenant_id = t.id AND u.role IN ('owner', 'admin'))
        WHERE t.id = $1
        ORDER BY u.created_at, u.id`,
      [tenantId],
    );
  }

  /** The user with their shop, when they are on that shop's team. */
  async tenantMember(manager: EntityManager, tenantId: string, userId: string): Promise<TenantRecipientRow | undefined> {
    const rows: TenantRecipientRow[] = await manager.query(
      `SELECT t.name AS tenant_name, t.language, t.timezone, u.id, u.name, u.email
         FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.id = $2 AND t.id = $1 AND u.role <> 'customer'`,
      [tenantId, userId],
    );
    return rows[0];
  }
}
