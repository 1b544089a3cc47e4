import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NotificationNotFoundError } from '@modules/notifications/domain/notifications.errors';
import { MarkNotificationReadCommand } from './mark-notification-read.command';

/**
 * Marks one of the user's own notifications read; marking it again keeps its first read time.
 * Another user's notification is a 404, as if it did not exist, and nothing changes.
 */
@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand, void> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ userId, notificationId }: MarkNotificationReadCommand): Promise<void> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      'UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2',
      [notificationId, userId],
    );
    if (affected === 0) throw new NotificationNotFoundError();
  }
}
