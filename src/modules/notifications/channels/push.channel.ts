/** The Web Push payload (decisions §9): what the service worker of the merchant's browser receives. */
export interface WebPushPayload {
  title: string;
  icon: string;
  body: string;
  actions: Array<{ action: string; title: string }>;
  data: Record<string, unknown>;
}

/**
 * Port of the Web Push channel: pushes `payload` to every subscription of the user, now. It runs in
 * a retried job (id `push-<key>-<user>`), so with the same `deliveryKey` a subscription that already
 * accepted this push is never pushed again. A subscription the push service reports gone (404/410)
 * is deleted and counts as done; any other failure throws after the other subscriptions were
 * tried, so the job is retried with backoff.
 */
export abstract class PushChannel {
  abstract sendToUser(userId: string, payload: WebPushPayload, deliveryKey: string): Promise<void>;
}
