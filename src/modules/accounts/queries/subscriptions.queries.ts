import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { NotificationRecipient } from './users.queries';

/** A shop whose paid period is about to end, with the owner to tell. */
export interface ExpiringSubscription {
  tenantId: string;
  tenantName: string;
  /** The shop's language (`es` | `en`) and IANA time zone, for the mail (decisions §19). */
  language: string;
  timezone: string;
  /** `subscription_ends_at`: the end of the current billing period. */
  endsAt: Date;
  owner: NotificationRecipient;
}

/** Reads of subscription state (set by ChangeSubscriptionCommand), for other features. */
@Injectable()
export class SubscriptionsQueries {
  /**
   * Live shops whose subscription ends within the next `hours` (and has not ended yet), unless it
   * was canceled, with their owner (`tenants.user_id`); a shop without an owner has no one to tell
   * and is left out. Soonest first. The database's clock decides "now", like everywhere else.
   */
  async expiringWithin(manager: EntityManager, hours: number): Promise<ExpiringSubscription[]> {
    const rows: Array<{
      tenant_id: string;
      tenant_name: string;
      language: string;
      timezone: string;
      ends_at: Date;
      owner_id: string;
      owner_name: string;
      owner_email: string;
    }> = await manager.query(
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
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      tenantName: row.tenant_name,
      language: row.language,
      timezone: row.timezone,
      endsAt: row.ends_at,
      owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email },
    }));
  }
}
