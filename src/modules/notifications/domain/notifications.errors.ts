import { fieldError, NotFoundError } from '@common/errors/domain.error';

/** Also the message of the path-id pipe: a malformed id and another user's id read the same. */
export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

export class NotificationNotFoundError extends NotFoundError {
  constructor() {
    super(NOTIFICATION_NOT_FOUND);
  }
}

/** 422 on `endpoint`: not an https:// URL of an allowed push service (decisions §12). */
export class PushEndpointRefusedError extends fieldError('endpoint') {}

/** Also the message of the path-id pipe: a malformed id, an unknown one and another user's read the same. */
export const PUSH_SUBSCRIPTION_NOT_FOUND = 'Push subscription not found.';

export class PushSubscriptionNotFoundError extends NotFoundError {
  constructor() {
    super(PUSH_SUBSCRIPTION_NOT_FOUND);
  }
}

/** 404 of the VAPID public key when Web Push is not configured (decisions §17). */
export class PushNotConfiguredError extends NotFoundError {
  constructor() {
    super('Web Push is not configured on this server.');
  }
}
