export class MarkAllNotificationsReadCommand {
  constructor(readonly userId: string) {}
}
