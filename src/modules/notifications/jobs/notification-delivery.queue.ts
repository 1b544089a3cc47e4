import type { WebPushPayload } from '../channels/push.channel';

export const NOTIFICATION_DELIVERY_QUEUE = 'notification-delivery';

/** One delivery on a channel other than the database (mail goes through the messages queue). */
export type NotificationDeliveryJob =
  | { kind: 'push'; userId: string; deliveryKey: string; payload: WebPushPayload }
  | { kind: 'broadcast'; tenantId: string; event: string; payload: Record<string, unknown> };
