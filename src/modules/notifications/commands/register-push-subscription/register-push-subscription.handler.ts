import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Env } from '@config/env.schema';
import { inTransaction } from '@infra/database/transaction';
import { PushEndpointRefusedError } from '@modules/notifications/domain/notifications.errors';
import {
  canonicalPushEndpoint,
  parseAllowedPushHosts,
  parseAllowedPushPorts,
  pushEndpointProblem,
  PushEndpointRules,
} from '@modules/notifications/domain/push-endpoint';
import { canonicalPushKey } from '@modules/notifications/domain/push-keys';
import { PushSubscriptionsRepository } from '@modules/notifications/persistence/push-subscriptions.repository';
import { RegisterPushSubscriptionCommand } from './register-push-subscription.command';

@CommandHandler(RegisterPushSubscriptionCommand)
export class RegisterPushSubscriptionHandler implements ICommandHandler<RegisterPushSubscriptionCommand, void> {
  private readonly rules: PushEndpointRules;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: PushSubscriptionsRepository,
    config: ConfigService<Env, true>,
  ) {
    this.rules = {
      hosts: parseAllowedPushHosts(config.get('PUSH_ALLOWED_HOSTS', { infer: true })),
      ports: parseAllowedPushPorts(config.get('PUSH_ALLOWED_PORTS', { infer: true })),
    };
  }

  async execute(command: RegisterPushSubscriptionCommand): Promise<void> {
    const problem = pushEndpointProblem(command.endpoint, this.rules);
    if (problem) throw new PushEndpointRefusedError(problem);
    await inTransaction(this.dataSource, (manager) =>
      this.subscriptions.save(manager, command.userId, {
        // The form both URL parsers read alike, and one row per browser however it spelled its URL.
        endpoint: canonicalPushEndpoint(command.endpoint),
        auth: canonicalPushKey(command.auth),
        p256dh: canonicalPushKey(command.p256dh),
        contentEncoding: command.contentEncoding,
      }),
    );
  }
}
