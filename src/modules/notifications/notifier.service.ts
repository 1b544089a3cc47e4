import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { EntityManager } from 'typeorm';
import { afterCommit } from '@infra/database/transaction';
import { MessageDispatcher } from '@infra/messaging/message.dispatcher';
import type { MailMessage } from '@infra/messaging/messages';
import type { NotificationRecipient } from '@modules/accounts';
import type { WebPushPayload } from './channels/push.channel';
import type { NotificationType } from './domain/notification-type';
import { NotificationsRepository } from './persistence/notifications.repository';
import { BROADCAST_DELIVERY_QUEUE, BroadcastDeliveryJob, PUSH_DELIVERY_QUEUE, PushDeliveryJob } from './jobs/notification-delivery.queue';

/** What one notification says on each channel it goes out on; a channel left out is not used. */
export interface NotificationMessage {
  type: NotificationType;
  /** Database channel: the stored notification's `data`. */
  data?: Record<string, unknown>;
  /** Mail channel: the message for one recipient (to, subject, text and html), rendered when it is queued. */
  mail?: (recipient: NotificationRecipient) => MailMessage | Promise<MailMessage>;
  /** Web Push channel: the payload pushed to each recipient's browsers. */
  push?: WebPushPayload;
  /** Broadcast channel: one event to the tenant's room, whoever the recipients. */
  broadcast?: { event: string; payload: Record<string, unknown> };
}

export interface NotifyRequest {
  /**
   * What caused the notification, stable across retries (`order-placed.<outbox id>`,
   * `export.<id>`): each channel delivers once per key and recipient, however often this runs.
   * Letters, digits, `.`, `_` and `-` only (it becomes part of BullMQ job ids, which forbid `:`).
   */
  key: string;
  tenantId: string;
  recipients: NotificationRecipient[];
  message: NotificationMessage;
}

const KEY = /^[A-Za-z0-9._-]{1,150}$/;

/**
 * A push service that answers 5xx or not at all is usually back within minutes: 10 attempts, 1 s
 * apart doubling, span about 8½ minutes. Browsers that already took the push are not pushed again on
 * a retry (WebPushChannel remembers each delivery).
 */
const PUSH_RETRIES = { attempts: 10, backoff: { type: 'exponential', delay: 1_000 } } as const;

/**
 * Sends notifications on their channels. The database rows are written with the caller's
 * `manager`, in the transaction of whatever consumed the cause; the other channels are queued as
 * jobs whose ids derive from (key, recipient, channel), so a repeated call never mails or pushes
 * twice, and nobody waits for a mail server or a push service.
 *
 * The jobs are queued through `afterCommit`, once the caller's transaction (opened by
 * `inTransaction`: the outbox processor, the export worker, the reminders) has committed: a
 * notification whose transaction rolls back mails, pushes and broadcasts nothing, and no push
 * announces a row that is not there yet. Under the outbox processor a queue that fails at that
 * moment fails the delivery, which its retry runs again (rows and job ids are idempotent); the
 * export worker and the reminders log it, and the database notification stands.
 */
@Injectable()
export class Notifier {
  constructor(
    @InjectQueue(PUSH_DELIVERY_QUEUE) private readonly pushes: Queue<PushDeliveryJob>,
    @InjectQueue(BROADCAST_DELIVERY_QUEUE) private readonly broadcasts: Queue<BroadcastDeliveryJob>,
    private readonly messages: MessageDispatcher,
    private readonly notifications: NotificationsRepository,
  ) {}

  async notify(manager: EntityManager, { key, tenantId, recipients, message }: NotifyRequest): Promise<void> {
    if (!KEY.test(key)) throw new Error(`Notification key must match ${KEY}: ${key}`);
    if (message.data && recipients.length > 0) {
      await this.notifications.insert(manager, {
        userIds: recipients.map((recipient) => recipient.id),
        tenantId,
        type: message.type,
        data: message.data,
        dedupeKey: key,
      });
    }
    await afterCommit(manager, () => this.enqueue({ key, tenantId, recipients, message }));
  }

  /** The channels other than the database, as jobs with ids derived from the key. */
  private async enqueue({ key, tenantId, recipients, message }: NotifyRequest): Promise<void> {
    for (const recipient of recipients) {
      if (message.mail) await this.messages.sendMail(await message.mail(recipient), `${key}-${recipient.id}`);
      if (message.push) {
        const deliveryKey = `${key}-${recipient.id}`;
        await this.pushes.add(
          'push',
          { userId: recipient.id, deliveryKey, payload: message.push },
          { jobId: `push-${deliveryKey}`, ...PUSH_RETRIES },
        );
      }
    }
    if (message.broadcast) {
      const { event, payload } = message.broadcast;
      await this.broadcasts.add('broadcast', { tenantId, event, payload }, { jobId: `broadcast-${key}` });
    }
  }
}
