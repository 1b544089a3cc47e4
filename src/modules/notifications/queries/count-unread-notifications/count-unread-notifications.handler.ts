import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { listTotal } from '@infra/database/list-counts';
import { CountUnreadNotificationsQuery } from './count-unread-notifications.query';

/** How many of a user's notifications are unread (read_at null), from the counters kept as they are created and read. */
@QueryHandler(CountUnreadNotificationsQuery)
export class CountUnreadNotificationsHandler implements IQueryHandler<CountUnreadNotificationsQuery, number> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  execute({ userId }: CountUnreadNotificationsQuery): Promise<number> {
    return listTotal(this.dataSource, 'notifications', userId, 'unread');
  }
}
