import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Env } from '@config/env.schema';
import { inTransaction } from '@infra/database/transaction';
import { type ExpiringSubscription, SubscriptionsQueries } from '@modules/accounts';
import { Notifier } from '@modules/notifications/notifier.service';
import { NotificationsRepository } from '@modules/notifications/persistence/notifications.repository';
import { NotifyExpiringSubscriptionsCommand, NotifyExpiringSubscriptionsResult } from './notify-expiring-subscriptions.command';
import { subscriptionExpiringNotification } from './subscription-expiring.notification';

/** How long before the end of a billing period its owner is reminded (spec 6). */
const REMINDER_WINDOW_HOURS = 72;
/** Claims of periods that ended this long ago can no longer matter: the window only looks ahead. */
const CLAIMS_KEPT_DAYS = 30;

/**
 * One reminder per shop and billing period, however many runs overlap (the daily job on several
 * workers, an operator's CLI run) and however long after the last one: each reminder first claims
 * its period in `subscription_reminders`, and only the transaction whose insert took the row
 * notifies. Concurrent claims of one period wait on each other's unique key, so exactly one
 * succeeds; if its transaction fails, the claim is rolled back with it and the next run tries again.
 * A renewal moves `subscription_ends_at`, which is a new period and a new reminder.
 */
@CommandHandler(NotifyExpiringSubscriptionsCommand)
export class NotifyExpiringSubscriptionsHandler implements ICommandHandler<
  NotifyExpiringSubscriptionsCommand,
  NotifyExpiringSubscriptionsResult
> {
  private readonly logger = new Logger(NotifyExpiringSubscriptionsHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsQueries,
    private readonly notifier: Notifier,
    private readonly notifications: NotificationsRepository,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async execute(): Promise<NotifyExpiringSubscriptionsResult> {
    await this.notifications.forgetRemindersOlderThan(CLAIMS_KEPT_DAYS);
    const due = await this.subscriptions.expiringWithin(this.dataSource.manager, REMINDER_WINDOW_HOURS);
    const result: NotifyExpiringSubscriptionsResult = { due: due.length, notified: 0, failed: 0 };
    // One shop at a time, each in its own transaction: one failing shop (its owner's mail refused by
    // Redis) neither undoes nor blocks the reminders of the others.
    for (const subscription of due) {
      try {
        if (await this.remind(subscription)) result.notified += 1;
      } catch (error) {
        result.failed += 1;
        this.logger.error({ err: error, tenantId: subscription.tenantId }, 'Subscription reminder failed; the next run tries again');
      }
    }
    return result;
  }

  private remind(subscription: ExpiringSubscription): Promise<boolean> {
    return inTransaction(this.dataSource, async (manager) => {
      if (!(await this.notifications.claimReminder(manager, subscription.tenantId, subscription.endsAt, subscription.owner.id)))
        return false;
      await this.notifier.notify(manager, {
        key: reminderKey(subscription),
        tenantId: subscription.tenantId,
        recipients: [subscription.owner],
        message: subscriptionExpiringNotification(subscription, this.config.get('APP_URL', { infer: true })),
      });
      return true;
    });
  }
}

/** `subscription_expiring.<tenant id without dashes>.<period end in epoch seconds>`: one per shop and period. */
export function reminderKey(subscription: Pick<ExpiringSubscription, 'tenantId' | 'endsAt'>): string {
  return `subscription_expiring.${subscription.tenantId.replace(/-/g, '')}.${Math.floor(subscription.endsAt.getTime() / 1000)}`;
}
