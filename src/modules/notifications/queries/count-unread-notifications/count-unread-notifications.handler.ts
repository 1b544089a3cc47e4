import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotificationsRepository } from '@modules/notifications/persistence/notifications.repository';
import { CountUnreadNotificationsQuery } from './count-unread-notifications.query';

/** How many of a user's notifications are unread (read_at null), from the counters kept as they are created and read. */
@QueryHandler(CountUnreadNotificationsQuery)
export class CountUnreadNotificationsHandler implements IQueryHandler<CountUnreadNotificationsQuery, number> {
  constructor(private readonly notifications: NotificationsRepository) {}

  execute({ userId }: CountUnreadNotificationsQuery): Promise<number> {
    return this.notifications.countUnread(userId);
  }
}
