import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { SUBSCRIPTION_REMINDERS_QUEUE } from './subscription-reminders.processor';

const SCHEDULER_ID = 'subscription-reminders-daily';
/**
 * Every day at 14:00 UTC (morning in the Americas). A run reminds of periods ending within 72 hours,
 * so each period is seen by at least two daily runs: one missed run (every worker down) loses nothing.
 */
export const SUBSCRIPTION_REMINDERS_PATTERN = '0 14 * * *';

@Injectable()
export class SubscriptionRemindersScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(SUBSCRIPTION_REMINDERS_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    // Upserting by a fixed id keeps one schedule, and so one run a day, however many workers start.
    // The last month of runs stays in Redis with what each did ({ due, notified, failed }).
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { pattern: SUBSCRIPTION_REMINDERS_PATTERN, tz: 'UTC' },
      { name: 'notify-expiring', opts: { removeOnComplete: { count: 30 }, removeOnFail: { count: 30 } } },
    );
  }
}
