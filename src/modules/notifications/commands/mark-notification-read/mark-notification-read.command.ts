export class MarkNotificationReadCommand {
  constructor(
    readonly userId: string,
    readonly notificationId: string,
  ) {}
}
