import type { WebPushPayload } from '../channels/push.channel';

/** Pushes to a user's browsers (mail goes through the messages queue). */
export const PUSH_DELIVERY_QUEUE = 'push-delivery';
/** Events to a tenant's Socket.IO room. */
export const BROADCAST_DELIVERY_QUEUE = 'broadcast-delivery';

export interface PushDeliveryJob {
  userId: string;
  deliveryKey: string;
  payload: WebPushPayload;
}

export interface BroadcastDeliveryJob {
  tenantId: string;
  event: string;
  payload: Record<string, unknown>;
}
