import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { canonicalPushEndpoint } from '@modules/notifications/domain/push-endpoint';
import { PushSubscriptionsRepository } from '@modules/notifications/persistence/push-subscriptions.repository';
import { DeletePushSubscriptionCommand } from './delete-push-subscription.command';

@CommandHandler(DeletePushSubscriptionCommand)
export class DeletePushSubscriptionHandler implements ICommandHandler<DeletePushSubscriptionCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  async execute({ userId, endpoint }: DeletePushSubscriptionCommand): Promise<void> {
    // Endpoints are stored re-serialised (decisions §15): the browser may still spell its URL as it registered it.
    const endpoints = [...new Set([endpoint, storedForm(endpoint)])];
    await inTransaction(this.dataSource, (manager) => this.subscriptions.deleteForUser(manager, userId, endpoints));
  }
}

function storedForm(endpoint: string): string {
  try {
    return canonicalPushEndpoint(endpoint);
  } catch {
    return endpoint;
  }
}
