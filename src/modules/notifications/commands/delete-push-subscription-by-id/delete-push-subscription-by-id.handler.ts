import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { PushSubscriptionNotFoundError } from '@modules/notifications/domain/notifications.errors';
import { PushSubscriptionsRepository } from '@modules/notifications/persistence/push-subscriptions.repository';
import { DeletePushSubscriptionByIdCommand } from './delete-push-subscription-by-id.command';

@CommandHandler(DeletePushSubscriptionByIdCommand)
export class DeletePushSubscriptionByIdHandler implements ICommandHandler<DeletePushSubscriptionByIdCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  async execute({ userId, subscriptionId }: DeletePushSubscriptionByIdCommand): Promise<void> {
    const deleted = await inTransaction(this.dataSource, (manager) => this.subscriptions.deleteOwn(manager, userId, subscriptionId));
    if (!deleted) throw new PushSubscriptionNotFoundError();
  }
}
