import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { MailMessage, MESSAGES_QUEUE, MessageJob, SmsMessage } from './messages';

/**
 * Queues outgoing mail and SMS, so a slow gateway never slows a request. `dedupeId` (derived from
 * what the message is about, e.g. an OTP session or an outbox event) makes a repeated call a no-op.
 * Redis unreachable: the call fails fast (503 on a request, a retried job in a worker).
 */
@Injectable()
export class MessageDispatcher {
  constructor(@InjectQueue(MESSAGES_QUEUE) private readonly queue: Queue<MessageJob>) {}

  async sendMail(mail: MailMessage, dedupeId?: string): Promise<void> {
    await enqueueOnRequestPath(this.queue, () =>
      this.queue.add('mail', { kind: 'mail', mail }, this.options(dedupeId && `mail-${dedupeId}`)),
    );
  }

  async sendSms(sms: SmsMessage, dedupeId?: string): Promise<void> {
    await enqueueOnRequestPath(this.queue, () => this.queue.add('sms', { kind: 'sms', sms }, this.options(dedupeId && `sms-${dedupeId}`)));
  }

  // Messages may carry one-time codes: they leave Redis an hour after delivery (a dedupe id
  // therefore holds for that hour), and failures after a day.
  private options(jobId: string | undefined) {
    return { jobId: jobId || undefined, attempts: 6, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } };
  }
}
