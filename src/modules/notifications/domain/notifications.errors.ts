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
