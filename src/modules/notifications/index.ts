export { NotificationsGatewayModule, NotificationsModule, NotificationsWorkerModule } from './notifications.module';
export { type NotificationMessage, Notifier, type NotifyRequest } from './notifier.service';
