import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantsRepository } from '../persistence/tenants.repository';
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
  constructor(private readonly tenants: TenantsRepository) {}

  /**
   * Live shops whose subscription ends within the next `hours` (and has not ended yet), unless it
   * was canceled, with their owner (`tenants.user_id`); a shop without an owner has no one to tell
   * and is left out. Soonest first. The database's clock decides "now", like everywhere else.
   */
  async expiringWithin(manager: EntityManager, hours: number): Promise<ExpiringSubscription[]> {
    const rows = await this.tenants.expiringWithin(manager, hours);
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
