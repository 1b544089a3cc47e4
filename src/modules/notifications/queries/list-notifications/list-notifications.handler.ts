import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PageSlice } from '@common/http/pagination';
import { epochMicros, timestampOfMicros } from '@infra/database/list-counts';
import { NotificationResource, NotificationRow, toNotificationResource } from '@modules/notifications/dto/notification.resource';
import { CountNotificationsQuery, ListNotificationsQuery } from './list-notifications.query';

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

type PageRow = NotificationRow & { is_read: boolean; sort_key: string };

/** A user's notifications, unread first, then newest first (spec 4.6), in the order of their index. */
@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, PageSlice<NotificationResource>> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ userId, window }: ListNotificationsQuery): Promise<PageSlice<NotificationResource>> {
    let rows: PageRow[];
    if (window.kind === 'after') {
      const [isRead, micros, id] = window.key;
      rows = await this.dataSource.query<PageRow[]>(
        pageOf(`SELECT id FROM notifications
                 WHERE user_id = $1 AND (read_at IS NOT NULL) >= $2
                   AND ((read_at IS NOT NULL) > $2 OR (created_at, id) < (${timestampOfMicros('$3')}, $4::uuid))
                 ORDER BY ${ORDER} LIMIT $5`),
        [userId, isRead, micros, id, window.limit],
      );
    } else if (window.backward) {
      rows = await this.dataSource.query<PageRow[]>(
        pageOf(`SELECT id FROM notifications WHERE user_id = $1 ORDER BY ${REVERSE_ORDER} LIMIT $2 OFFSET $3`),
        [userId, window.limit, window.offset],
      );
    } else {
      rows = await this.dataSource.query<PageRow[]>(SELECT_NOTIFICATIONS_PAGE, [userId, window.limit, window.offset]);
    }
    return { data: rows.map(toNotificationResource), keys: rows.map((row) => [row.is_read, row.sort_key, row.id]) };
  }
}

@QueryHandler(CountNotificationsQuery)
export class CountNotificationsHandler implements IQueryHandler<CountNotificationsQuery, number> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ userId }: CountNotificationsQuery): Promise<number> {
    const rows = await this.dataSource.query<Array<{ total: number }>>(COUNT_NOTIFICATIONS, [userId]);
    return rows[0].total;
  }
}
