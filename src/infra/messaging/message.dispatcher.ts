import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Queue } from 'bullmq';
import { Env } from '@config/env.schema';
import { sealSecret, secretBoxKey } from '@common/security/secret-box';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { MailMessage, MESSAGE_JOBS_PURPOSE, MESSAGES_QUEUE, MessageJob, SmsMessage } from './messages';

/**
 * Queues outgoing mail and SMS, so a slow gateway never slows a request. `dedupeId` (derived from
 * what the message is about, e.g. an OTP session or an outbox event) makes a repeated call a no-op.
 * Redis unreachable: the call fails fast (503 on a request, a retried job in a worker).
 *
 * The job holds the message sealed with APP_KEY (decisions §15): whoever reads the queue's storage
 * sees the recipient, never a one-time code or a link. The worker opens it right before sending.
 */
@Injectable()
export class MessageDispatcher {
  constructor(
    @InjectQueue(MESSAGES_QUEUE) private readonly queue: Queue<MessageJob>,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async sendMail(mail: MailMessage, dedupeId?: string): Promise<void> {
    const job: MessageJob = { kind: 'mail', to: mail.to, sealed: this.seal(mail) };
    await enqueueOnRequestPath(this.queue, () => this.queue.add('mail', job, this.options(dedupeId && `mail-${dedupeId}`)));
  }

  async sendSms(sms: SmsMessage, dedupeId?: string): Promise<void> {
    const job: MessageJob = { kind: 'sms', to: sms.to, sealed: this.seal(sms) };
    await enqueueOnRequestPath(this.queue, () => this.queue.add('sms', job, this.options(dedupeId && `sms-${dedupeId}`)));
  }

  private seal(message: MailMessage | SmsMessage): string {
    return sealSecret(secretBoxKey(this.config.get('APP_KEY', { infer: true }), MESSAGE_JOBS_PURPOSE), JSON.stringify(message));
  }

  // Sealed or not, a message leaves the queue an hour after delivery (a dedupe id therefore holds
  // for that hour), and after a day when it failed.
  private options(jobId: string | undefined) {
    return { jobId: jobId || undefined, attempts: 6, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } };
  }
}
