import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { normalizeEmail } from '../domain/email';
import { UserEntity } from '../persistence/user.entity';

/**
 * Reads of accounts, for this module and for other features (one-time codes, social sign-in). They
 * take the caller's `manager` so that a sign-in reads and creates the account in one transaction;
 * callers outside a transaction pass `dataSource.manager`.
 */
@Injectable()
export class UsersQueries {
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

  /**
   * The account, locked until the caller's transaction ends: a sign-in that is about to hand out a
   * token takes it, so that a concurrent claim of the account (ClaimAccountCommand) either waits
   * for the token and revokes it, or commits first and is seen by the sign-in.
   */
  lockForSignIn(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return manager.createQueryBuilder(UserEntity, 'u').where('u.id = :id', { id }).setLock('for_no_key_update').getOne();
  }

  /** Case-insensitive, like the uniqueness rule (and served by its index). */
  findByEmail(manager: EntityManager, email: string): Promise<UserEntity | null> {
    return manager
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .getOne();
  }

  /**
   * Who receives a shop's notifications (decisions §9): its owner (`tenants.user_id`) and its users
   * with role `owner` or `admin`, each once, with the shop's name for the message.
   */
  async tenantAdmins(manager: EntityManager, tenantId: string): Promise<TenantAdmins | null> {
    const rows: Array<{
      tenant_name: string;
      language: string;
      timezone: string;
      id: string | null;
      name: string | null;
      email: string | null;
    }> = await manager.query(
      `SELECT t.name AS tenant_name, t.language, t.timezone, u.id, u.name, u.email
         FROM tenants t
         LEFT JOIN users u ON u.id = t.user_id OR (u.tenant_id = t.id AND u.role IN ('owner', 'admin'))
        WHERE t.id = $1
        ORDER BY u.created_at, u.id`,
      [tenantId],
    );
    if (rows.length === 0) return null;
    const recipients = rows.filter((row) => row.id !== null).map((row) => ({ id: row.id!, name: row.name!, email: row.email! }));
    return { tenantName: rows[0].tenant_name, language: rows[0].language, timezone: rows[0].timezone, recipients };
  }

  /**
   * A user as the recipient of a notification about their own shop (an export they asked for),
   * with the shop's name; null when the user is gone or no longer on that shop's team.
   */
  async tenantMember(manager: EntityManager, tenantId: string, userId: string): Promise<TenantMember | null> {
    const rows: Array<{ tenant_name: string; language: string; timezone: string; id: string; name: string; email: string }> =
      await manager.query(
        `SELECT t.name AS tenant_name, t.language, t.timezone, u.id, u.name, u.email
         FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.id = $2 AND t.id = $1 AND u.role <> 'customer'`,
        [tenantId, userId],
      );
    const row = rows[0];
    return row
      ? {
          tenantName: row.tenant_name,
          language: row.language,
          timezone: row.timezone,
          recipient: { id: row.id, name: row.name, email: row.email },
        }
      : null;
  }
}

export interface NotificationRecipient {
  id: string;
  name: string;
  email: string;
}

export interface TenantAdmins {
  tenantName: string;
  /** The shop's language (`es` | `en`) and IANA time zone, for the mails (decisions §19). */
  language: string;
  timezone: string;
  recipients: NotificationRecipient[];
}

export interface TenantMember {
  tenantName: string;
  /** The shop's language (`es` | `en`) and IANA time zone, for the mails (decisions §19). */
  language: string;
  timezone: string;
  recipient: NotificationRecipient;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  tenant_id: string | null;
  role: UserEntity['role'];
  is_super_admin: boolean;
  avatar_url: string | null;
  email_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function userFromRow(row: UserRow): UserEntity {
  return Object.assign(new UserEntity(), {
    id: row.id,
    name: row.name,
    email: row.email,
    tenantId: row.tenant_id,
    role: row.role,
    isSuperAdmin: row.is_super_admin,
    avatarUrl: row.avatar_url,
    emailVerifiedAt: row.email_verified_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
