import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MarkAllNotificationsReadCommand } from './mark-all-notifications-read.command';

/** Marks every unread notification of the user read (only the user's own: the filter is the user id). */
@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<MarkAllNotificationsReadCommand, void> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ userId }: MarkAllNotificationsReadCommand): Promise<void> {
    await this.dataSource.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
  }
}
