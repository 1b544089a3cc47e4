import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CountUnreadNotificationsQuery } from './count-unread-notifications.query';

/** How many of a user's notifications are unread (read_at null), off the partial unread index. */
@QueryHandler(CountUnreadNotificationsQuery)
export class CountUnreadNotificationsHandler implements IQueryHandler<CountUnreadNotificationsQuery, number> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ userId }: CountUnreadNotificationsQuery): Promise<number> {
    const rows = await this.dataSource.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    );
    return rows[0].count;
  }
}
