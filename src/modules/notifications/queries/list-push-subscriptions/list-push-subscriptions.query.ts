import type { PageWindow } from '@common/http/pagination';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '@modules/notifications/persistence/push-subscriptions.repository';

/** A user keeps at most 20 browsers (push-subscriptions.repository.ts): one page holds them all. */
export const PUSH_SUBSCRIPTIONS_PER_PAGE = MAX_PUSH_SUBSCRIPTIONS_PER_USER;

/** The rows of one page of a user's push subscriptions, oldest first. */
export class ListPushSubscriptionsQuery {
  constructor(
    readonly userId: string,
    readonly window: PageWindow,
  ) {}
}

/** How many push subscriptions a user has (at most 20). */
export class CountPushSubscriptionsQuery {
  constructor(readonly userId: string) {}
}
