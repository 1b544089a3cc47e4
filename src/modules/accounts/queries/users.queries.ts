import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { normalizeEmail } from '../domain/email';
import { UserEntity } from '../persistence/user.entity';
import { UsersRepository } from '../persistence/users.repository';

/**
 * Reads of accounts, for this module and for other features (one-time codes, social sign-in). They
 * take the caller's `manager` so that a sign-in reads and creates the account in one transaction;
 * callers outside a transaction pass `dataSource.manager`.
 */
@Injectable()
export class UsersQueries {
  constructor(private readonly users: UsersRepository) {}

  /** The account by id, for `GET /user` on every app load. */
  findById(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return this.users.findById(manager, id);
  }

  /**
   * Whether the account's email is proven (a one-time code or a social sign-in whose provider
   * verified it): what the AI features ask of their caller (docs/ai.md). False for no such account.
   */
  isEmailVerified(manager: EntityManager, id: string): Promise<boolean> {
    return this.users.isEmailVerified(manager, id);
  }

  /**
   * The account, locked until the caller's transaction ends: a sign-in that is about to hand out a
   * token takes it, so that a concurrent claim of the account (ClaimAccountCommand) either waits
   * for the token and revokes it, or commits first and is seen by the sign-in.
   */
  lockForSignIn(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return this.users.lockForSignIn(manager, id);
  }

  /** Case-insensitive, like the uniqueness rule (and served by its index). */
  findByEmail(manager: EntityManager, email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(manager, normalizeEmail(email));
  }

  /**
   * Who receives a shop's notifications (decisions §9): its owner (`tenants.user_id`) and its users
   * with role `owner` or `admin`, each once, with the shop's name for the message.
   */
  async tenantAdmins(manager: EntityManager, tenantId: string): Promise<TenantAdmins | null> {
    const rows = await this.users.tenantAdmins(manager, tenantId);
    if (rows.length === 0) return null;
    const recipients = rows.filter((row) => row.id !== null).map((row) => ({ id: row.id!, name: row.name!, email: row.email! }));
    return { tenantName: rows[0].tenant_name, language: rows[0].language, timezone: rows[0].timezone, recipients };
  }

  /**
   * A user as the recipient of a notification about their own shop (an export they asked for),
   * with the shop's name; null when the user is gone or no longer on that shop's team.
   */
  async tenantMember(manager: EntityManager, tenantId: string, userId: string): Promise<TenantMember | null> {
    const row = await this.users.tenantMember(manager, tenantId, userId);
    return row
      ? {
          tenantName: row.tenant_name,
          language: row.language,
          timezone: row.timezone,
          recipient: { id: row.id!, name: row.name!, email: row.email! },
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
