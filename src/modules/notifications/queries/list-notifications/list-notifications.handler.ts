import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PageSlice } from '@common/http/pagination';
import { NotificationResource, NotificationRow, toNotificationResource } from '@modules/notifications/dto/notification.resource';
import { ListNotificationsQuery, NOTIFICATIONS_PER_PAGE } from './list-notifications.query';

/** One page of a user's notifications ($1 user, $2 limit, $3 offset), in the order of their listing index. */
export const SELECT_NOTIFICATIONS_PAGE = `SELECT id, type, data, read_at, created_at FROM notifications
  WHERE user_id = $1
  ORDER BY (read_at IS NOT NULL), created_at DESC, id DESC
  LIMIT $2 OFFSET $3`;

/** How many notifications a user has ($1 user). */
export const COUNT_NOTIFICATIONS = 'SELECT count(*)::int AS total FROM notifications WHERE user_id = $1';

/** A user's notifications, unread first, then newest first (spec 4.6), in the order of their index. */
@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, PageSlice<NotificationResource>> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ userId, page }: ListNotificationsQuery): Promise<PageSlice<NotificationResource>> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query<NotificationRow[]>(SELECT_NOTIFICATIONS_PAGE, [
        userId,
        NOTIFICATIONS_PER_PAGE,
        (page - 1) * NOTIFICATIONS_PER_PAGE,
      ]),
      this.dataSource.query<Array<{ total: number }>>(COUNT_NOTIFICATIONS, [userId]),
    ]);
    return { data: rows.map(toNotificationResource), total: counted[0].total };
  }
}
