import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  NotifyExpiringSubscriptionsCommand,
  NotifyExpiringSubscriptionsResult,
} from '../commands/notify-expiring-subscriptions/notify-expiring-subscriptions.command';
import { workerOptions } from '@infra/queue/worker-options';

export const SUBSCRIPTION_REMINDERS_QUEUE = 'subscription-reminders';

/** The daily reminder run, on whichever worker takes the scheduled job. */
@Processor(SUBSCRIPTION_REMINDERS_QUEUE, workerOptions())
export class SubscriptionRemindersProcessor extends WorkerHost {
  private readonly logger = new Logger(SubscriptionRemindersProcessor.name);

  constructor(private readonly commands: CommandBus) {
    super();
  }

  async process(): Promise<NotifyExpiringSubscriptionsResult> {
    const result = await this.commands.execute<NotifyExpiringSubscriptionsCommand, NotifyExpiringSubscriptionsResult>(
      new NotifyExpiringSubscriptionsCommand(),
    );
    this.logger.log(result, 'Subscription reminders sent');
    // Failing the job retries it with the queue's backoff; reminders already sent are not repeated.
    if (result.failed > 0) throw new Error(`${result.failed} subscription reminder(s) could not be sent`);
    return result;
  }
}
