import { NotFoundError } from '@common/errors/domain.error';

/** Also the message of the path-id pipe: a malformed id and another user's id read the same. */
export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

export class NotificationNotFoundError extends NotFoundError {
  constructor() {
    super(NOTIFICATION_NOT_FOUND);
  }
}
