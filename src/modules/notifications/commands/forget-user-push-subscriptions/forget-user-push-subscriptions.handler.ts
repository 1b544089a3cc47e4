import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { PushSubscriptionsRepository } from '@modules/notifications/persistence/push-subscriptions.repository';
import { ForgetUserPushSubscriptionsCommand } from './forget-user-push-subscriptions.command';

/** Joins the sender's transaction (the claim's): the browsers go exactly when the claim commits. */
@CommandHandler(ForgetUserPushSubscriptionsCommand)
export class ForgetUserPushSubscriptionsHandler implements ICommandHandler<ForgetUserPushSubscriptionsCommand, number> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  execute({ userId }: ForgetUserPushSubscriptionsCommand): Promise<number> {
    return inTransaction(this.dataSource, (manager) => this.subscriptions.deleteAllForUser(manager, userId));
  }
}
