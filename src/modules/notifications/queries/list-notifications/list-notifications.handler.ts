import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PageSlice } from '@common/http/pagination';
import { NotificationResource, NotificationRow, toNotificationResource } from '@modules/notifications/dto/notification.resource';
import { ListNotificationsQuery, NOTIFICATIONS_PER_PAGE } from './list-notifications.query';

/** A user's notifications, unread first, then newest first (spec 4.6), in the order of their index. */
@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, PageSlice<NotificationResource>> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ userId, page }: ListNotificationsQuery): Promise<PageSlice<NotificationResource>> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query<NotificationRow[]>(
        `SELECT id, type, data, read_at, created_at FROM notifications
          WHERE user_id = $1
          ORDER BY (read_at IS NOT NULL), created_at DESC, id DESC
          LIMIT $2 OFFSET $3`,
        [userId, NOTIFICATIONS_PER_PAGE, (page - 1) * NOTIFICATIONS_PER_PAGE],
      ),
      this.dataSource.query<Array<{ total: number }>>('SELECT count(*)::int AS total FROM notifications WHERE user_id = $1', [userId]),
    ]);
    return { data: rows.map(toNotificationResource), total: counted[0].total };
  }
}
