import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PageSlice } from '@common/http/pagination';
import { NotificationResource, toNotificationResource } from '@modules/notifications/dto/notification.resource';
import { NotificationsRepository } from '@modules/notifications/persistence/notifications.repository';
import type { NotificationPageRow } from '@modules/notifications/persistence/notifications.rows';
import { CountNotificationsQuery, ListNotificationsQuery } from './list-notifications.query';

/** A user's notifications, unread first, then newest first (spec 4.6), in the order of their index. */
@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, PageSlice<NotificationResource>> {
  constructor(private readonly notifications: NotificationsRepository) {}

  async execute({ userId, window }: ListNotificationsQuery): Promise<PageSlice<NotificationResource>> {
    const rows: NotificationPageRow[] =
      window.kind === 'after'
        ? await this.notifications.pageAfter(userId, window.key, window.limit)
        : await this.notifications.pageAt(userId, window.limit, window.offset, window.backward);
    return { data: rows.map(toNotificationResource), keys: rows.map((row) => [row.is_read, row.sort_key, row.id]) };
  }
}

@QueryHandler(CountNotificationsQuery)
export class CountNotificationsHandler implements IQueryHandler<CountNotificationsQuery, number> {
  constructor(private readonly notifications: NotificationsRepository) {}

  execute({ userId }: CountNotificationsQuery): Promise<number> {
    return this.notifications.count(userId);
  }
}
