import type { ContentEncoding } from '@modules/notifications/dto/push-subscription.dto';

/** Registers a browser of the user for Web Push, or updates it (keyed by endpoint). */
export class RegisterPushSubscriptionCommand {
  constructor(
    readonly userId: string,
    readonly endpoint: string,
    readonly auth: string,
    readonly p256dh: string,
    readonly contentEncoding: ContentEncoding,
  ) {}
}
