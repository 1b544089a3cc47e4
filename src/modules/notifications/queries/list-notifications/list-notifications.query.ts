import type { PageWindow } from '@common/http/pagination';

/** Spec 8: notifications page size. */
export const NOTIFICATIONS_PER_PAGE = 10;

/** The rows of one page of a user's notifications. */
export class ListNotificationsQuery {
  constructor(
    readonly userId: string,
    readonly window: PageWindow,
  ) {}
}

/** How many notifications a user has, from the counters. */
export class CountNotificationsQuery {
  constructor(readonly userId: string) {}
}
