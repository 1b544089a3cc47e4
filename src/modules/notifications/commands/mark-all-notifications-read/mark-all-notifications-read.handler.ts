import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { NotificationsRepository } from '@modules/notifications/persistence/notifications.repository';
import { MarkAllNotificationsReadCommand } from './mark-all-notifications-read.command';

/** Marks every unread notification of the user read (only the user's own: the filter is the user id). */
@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<MarkAllNotificationsReadCommand, void> {
  constructor(private readonly notifications: NotificationsRepository) {}

  async execute({ userId }: MarkAllNotificationsReadCommand): Promise<void> {
    await this.notifications.markAllRead(userId);
  }
}
