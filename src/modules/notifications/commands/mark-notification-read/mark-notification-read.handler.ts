import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { NotificationNotFoundError } from '@modules/notifications/domain/notifications.errors';
import { NotificationsRepository } from '@modules/notifications/persistence/notifications.repository';
import { MarkNotificationReadCommand } from './mark-notification-read.command';

/**
 * Marks one of the user's own notifications read; marking it again keeps its first read time.
 * Another user's notification is a 404, as if it did not exist, and nothing changes.
 */
@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand, void> {
  constructor(private readonly notifications: NotificationsRepository) {}

  async execute({ userId, notificationId }: MarkNotificationReadCommand): Promise<void> {
    if (!(await this.notifications.markRead(userId, notificationId))) throw new NotificationNotFoundError();
  }
}
