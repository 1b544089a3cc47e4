import { generateVAPIDKeys } from 'web-push';

/** A new VAPID key pair, unpadded base64url as VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (and web-push) take them. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return generateVAPIDKeys();
}
