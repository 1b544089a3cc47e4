/** Spec 8: notifications page size. */
export const NOTIFICATIONS_PER_PAGE = 10;

export class ListNotificationsQuery {
  constructor(
    readonly userId: string,
    readonly page: number,
  ) {}
}
