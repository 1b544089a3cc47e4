export { generateVapidKeys } from './channels/vapid-keys';
export { ForgetUserPushSubscriptionsCommand } from './commands/forget-user-push-subscriptions/forget-user-push-subscriptions.command';
export {
  NotifyExpiringSubscriptionsCommand,
  type NotifyExpiringSubscriptionsResult,
} from './commands/notify-expiring-subscriptions/notify-expiring-subscriptions.command';
export { NotificationsGatewayModule, NotificationsModule, NotificationsWorkerModule } from './notifications.module';
export { type NotificationMessage, Notifier } from './notifier.service';
export { type MailShop, renderReportReadyMail } from './mail/shop-mails';
export { renderMailPreviews } from './mail/mail-previews';
