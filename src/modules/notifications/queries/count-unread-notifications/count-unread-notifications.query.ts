export class CountUnreadNotificationsQuery {
  constructor(readonly userId: string) {}
}
