import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { PushSubscriptionsRepository } from '@modules/notifications/push-subscriptions.repository';
import { DeletePushSubscriptionCommand } from './delete-push-subscription.command';

@CommandHandler(DeletePushSubscriptionCommand)
export class DeletePushSubscriptionHandler implements ICommandHandler<DeletePushSubscriptionCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  async execute({ userId, endpoint }: DeletePushSubscriptionCommand): Promise<void> {
    await inTransaction(this.dataSource, (manager) => this.subscriptions.deleteForUser(manager, userId, endpoint));
  }
}
