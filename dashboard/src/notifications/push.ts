import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';

/**
 * Web Push for this browser (decisions §9, §17): the service worker `/dashboard/sw.js` shows the
 * pushes and opens their `data.url`; the subscription is made with the server's VAPID public key
 * (`GET /api/v1/push/public-key`) and registered with `POST /api/v1/push-subscriptions`.
 */
export const SERVICE_WORKER_URL = '/dashboard/sw.js';
const SCOPE = '/dashboard/';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext;
}

/** The service worker's registration (registered on first use; the browser keeps it). */
export function serviceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SCOPE });
}

/** This browser's current push subscription, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await serviceWorker();
  return registration.pushManager.getSubscription();
}

/** The VAPID public key, or null when the server has push turned off (404). */
export async function publicKey(): Promise<string | null> {
  try {
    return (await unwrap(api.GET('/api/v1/push/public-key'))).public_key;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export class PushBlocked extends Error {}

/** The browser's push service did not answer the subscription in time (offline, or none reachable). */
export class PushServiceSilent extends Error {}

/** How long the browser's push service may take to give a subscription (they answer in a second or two). */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

/**
 * Asks for permission, subscribes with the server's key and registers the subscription with the
 * API. If the API refuses it, the browser's subscription is undone, so the two never disagree.
 */
export async function enablePush(key: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlocked('Notifications are blocked');
  const registration = await serviceWorker();
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's pair changed) cannot be reused.
  if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
  const subscription =
    (existing && sameKey(existing.options.applicationServerKey, key) ? existing : null) ?? (await subscribeInTime(registration, key));
  const json = subscription.toJSON();
  try {
    await unwrap(
      api.POST('/api/v1/push-subscriptions', {
        body: {
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
          contentEncoding: contentEncoding(),
        },
      }),
    );
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return subscription;
}

/**
 * pushManager.subscribe(), given up after SUBSCRIBE_TIMEOUT_MS: a browser that cannot reach its
 * push service may never answer, and the button must not spin forever. A subscription that arrives
 * after that is undone, since nobody registered it.
 */
function subscribeInTime(registration: ServiceWorkerRegistration, key: string): Promise<PushSubscription> {
  const subscribing = registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(key) });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new PushServiceSilent('No answer from the push service'));
      void subscribing.then((late) => late.unsubscribe()).catch(() => undefined);
    }, SUBSCRIBE_TIMEOUT_MS);
    subscribing.then(
      (subscription) => {
        clearTimeout(timer);
        resolve(subscription);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Unsubscribes this browser and tells the API to forget it. */
export async function disablePush(subscription: PushSubscription): Promise<void> {
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  await unwrap(api.DELETE('/api/v1/push-subscriptions', { body: { endpoint } }));
}

/** aes128gcm (RFC 8291) where the browser supports it, else the older aesgcm. */
function contentEncoding(): 'aes128gcm' | 'aesgcm' {
  const supported = (PushManager as unknown as { supportedContentEncodings?: readonly string[] }).supportedContentEncodings;
  return !supported || supported.includes('aes128gcm') ? 'aes128gcm' : 'aesgcm';
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, key: string): boolean {
  if (!current) return false;
  const expected = base64UrlToBytes(key);
  const actual = new Uint8Array(current);
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index]);
}
