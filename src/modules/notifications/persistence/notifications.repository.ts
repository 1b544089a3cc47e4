import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { CursorKey } from '@common/http/pagination';
import { epochMicros, listTotal, timestampOfMicros } from '@infra/database/list-counts';
import type { NotificationType } from '../domain/notification-type';
import type { NotificationPageRow } from './notifications.rows';

const COLUMNS = `id, type, data, read_at, created_at, (read_at IS NOT NULL) AS is_read, ${epochMicros('created_at')} AS sort_key`;
/** The listing order (spec 4.6: unread first, then newest first), that of notifications_user_listing_idx. */
const ORDER = '(read_at IS NOT NULL), created_at DESC, id DESC';
const REVERSE_ORDER = '(read_at IS NOT NULL) DESC, created_at, id';

/** The rows of the page whose ids `ids` (a statement whose parameters follow $1) selects, in the listing order. */
const pageOf = (ids: string) =>
  `WITH page AS MATERIALIZED (${ids}) SELECT ${COLUMNS} FROM notifications WHERE id IN (SELECT id FROM page) ORDER BY ${ORDER}`;

/**
 * One page of a user's notifications ($1 user, $2 limit, $3 offset), in the order of their listing
 * index: the ids off the index alone (index-only: it includes read_at), then only those rows.
 */
export const SELECT_NOTIFICATIONS_PAGE = pageOf(`SELECT id FROM notifications WHERE user_id = $1 ORDER BY ${ORDER} LIMIT $2 OFFSET $3`);

/** How many notifications a user has ($1 user): the counters, never a count of the rows. */
export const COUNT_NOTIFICATIONS = `SELECT COALESCE(sum(n), 0)::int AS total FROM list_counts WHERE scope_id = $1 AND list = 'notifications' AND subset = ''`;

/** `notifications`: the stored (database channel) notifications, and `subscription_reminders`, the reminders' claims. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One notification per recipient in `manager`'s transaction; a (user, key) on record already is skipped. */
  async insert(
    manager: EntityManager,
    row: { userIds: string[]; tenantId: string; type: NotificationType; data: Record<string, unknown>; dedupeKey: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO notifications (user_id, tenant_id, type, data, dedupe_key)
         SELECT recipient, $2, $3, $4, $5 FROM unnest($1::uuid[]) AS recipient
         ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
      [row.userIds, row.tenantId, row.type, row.data, row.dedupeKey],
    );
  }

  /** A page by offset, in the listing order (`backward`: the reverse order, for a page counted from the end). */
  pageAt(userId: string, limit: number, offset: number, backward = false): Promise<NotificationPageRow[]> {
    if (backward) {
      return this.dataSource.query<NotificationPageRow[]>(
        pageOf(`SELECT id FROM notifications WHERE user_id = $1 ORDER BY ${REVERSE_ORDER} LIMIT $2 OFFSET $3`),
        [userId, limit, offset],
      );
    }
    return this.dataSource.query<NotificationPageRow[]>(SELECT_NOTIFICATIONS_PAGE, [userId, limit, offset]);
  }

  /** The page after the row with key (`isRead`, `micros`, `id`), in the listing order. */
  pageAfter(userId: string, key: CursorKey, limit: number): Promise<NotificationPageRow[]> {
    const [isRead, micros, id] = key;
    return this.dataSource.query<NotificationPageRow[]>(
      pageOf(`SELECT id FROM notifications
                 WHERE user_id = $1 AND (read_at IS NOT NULL) >= $2
                   AND ((read_at IS NOT NULL) > $2 OR (created_at, id) < (${timestampOfMicros('$3')}, $4::uuid))
                 ORDER BY ${ORDER} LIMIT $5`),
      [userId, isRead, micros, id, limit],
    );
  }

  async count(userId: string): Promise<number> {
    const rows = await this.dataSource.query<Array<{ total: number }>>(COUNT_NOTIFICATIONS, [userId]);
    return rows[0].total;
  }

  /** From the counters kept as notifications are created and read. */
  countUnread(userId: string): Promise<number> {
    return listTotal(this.dataSource, 'notifications', userId, 'unread');
  }

  async markAllRead(userId: string): Promise<void> {
    await this.dataSource.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
  }

  /** Keeps a first read time; false when the user has no such notification. */
  async markRead(userId: string, notificationId: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      'UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2',
      [notificationId, userId],
    );
    return affected > 0;
  }

  /** Forgets the reminders' claims of periods that ended more than `days` ago. */
  async forgetRemindersOlderThan(days: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM subscription_reminders WHERE period_ends_at < now() - make_interval(days => $1)`, [days]);
  }

  /** Claims the reminder of a shop's period in `manager`'s transaction: true the first time, false ever after. */
  async claimReminder(manager: EntityManager, tenantId: string, periodEndsAt: Date, userId: string): Promise<boolean> {
    const claimed: unknown[] = await manager.query(
      `INSERT INTO subscription_reminders (tenant_id, period_ends_at, user_id) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, period_ends_at) DO NOTHING
         RETURNING tenant_id`,
      [tenantId, periodEndsAt, userId],
    );
    return claimed.length > 0;
  }
}
