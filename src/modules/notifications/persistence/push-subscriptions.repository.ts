import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { epochMicros } from '@infra/database/list-counts';
import type { ContentEncoding } from '../dto/push-subscription.dto';

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  auth: string;
  p256dh: string;
  contentEncoding: ContentEncoding;
}

/** What the caller's list shows of a subscription, with its sort key (created_at in microseconds, as text). */
export interface PushSubscriptionSummary {
  id: string;
  endpoint: string;
  createdAt: Date;
  sortKey: string;
}

/**
 * A user keeps this many browsers; registering one more forgets the least recently registered. It
 * bounds the fan-out of every push (one request per subscription, each waited on by the job).
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

/** The `push_subscriptions` table: only this module writes it. */
@Injectable()
export class PushSubscriptionsRepository {
  /**
   * Registers or updates by endpoint. An endpoint stored for another user moves to this one: it is
   * the same browser, now signed in as someone else, and must not keep receiving the other's pushes.
   */
  async save(
    manager: EntityManager,
    userId: string,
    subscription: { endpoint: string; auth: string; p256dh: string; contentEncoding: ContentEncoding },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, auth, p256dh, content_encoding)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE
         SET user_id = EXCLUDED.user_id, auth = EXCLUDED.auth, p256dh = EXCLUDED.p256dh,
             content_encoding = EXCLUDED.content_encoding, updated_at = now()`,
      [userId, subscription.endpoint, subscription.auth, subscription.p256dh, subscription.contentEncoding],
    );
    await manager.query(
      `DELETE FROM push_subscriptions WHERE id IN (
         SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, id DESC OFFSET $2)`,
      [userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER],
    );
  }

  /** Only the caller's own: an endpoint of another user is left alone. `endpoints`: spellings of one endpoint. */
  async deleteForUser(manager: EntityManager, userId: string, endpoints: readonly string[]): Promise<void> {
    await manager.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = ANY($2::varchar[])', [userId, endpoints]);
  }

  /** Only the caller's own. True when it existed. */
  async deleteOwn(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    const [, affected] = await manager.query<[unknown, number]>('DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2', [
      id,
      userId,
    ]);
    return affected > 0;
  }

  /** Every browser of the user (a claim of the account); how many there were. */
  async deleteAllForUser(manager: EntityManager, userId: string): Promise<number> {
    const [, affected] = await manager.query<[unknown, number]>('DELETE FROM push_subscriptions WHERE user_id = $1', [userId]);
    return affected;
  }

  /** All of a user's subscriptions (at most MAX_PUSH_SUBSCRIPTIONS_PER_USER), oldest first. */
  async summariesForUser(manager: EntityManager, userId: string): Promise<PushSubscriptionSummary[]> {
    return manager.query(
      `SELECT id, endpoint, created_at AS "createdAt", ${epochMicros('created_at')} AS "sortKey"
         FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
  }

  /** At most MAX_PUSH_SUBSCRIPTIONS_PER_USER rows, on the user's index: a bounded count. */
  async countForUser(manager: EntityManager, userId: string): Promise<number> {
    const rows = await manager.query<Array<{ total: number }>>('SELECT count(*)::int AS total FROM push_subscriptions WHERE user_id = $1', [
      userId,
    ]);
    return rows[0].total;
  }

  async listForUser(manager: EntityManager, userId: string): Promise<PushSubscriptionRow[]> {
    return manager.query(
      `SELECT id, endpoint, auth, p256dh, content_encoding AS "contentEncoding"
         FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
  }

  /**
   * A subscription its push service reports gone (404/410). Matched on the keys as well: if the
   * browser registered again meanwhile (new keys, same endpoint), the fresh row is kept.
   */
  async deleteGone(manager: EntityManager, subscription: PushSubscriptionRow): Promise<void> {
    await manager.query('DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2 AND auth = $3 AND p256dh = $4', [
      subscription.id,
      subscription.endpoint,
      subscription.auth,
      subscription.p256dh,
    ]);
  }
}
