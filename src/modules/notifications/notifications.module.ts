import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Paginator } from '@common/http/pagination';
import { MarkAllNotificationsReadHandler } from './commands/mark-all-notifications-read/mark-all-notifications-read.handler';
import { MarkNotificationReadHandler } from './commands/mark-notification-read/mark-notification-read.handler';
import { BroadcastChannel } from './channels/broadcast.channel';
import { SocketIoBroadcastChannel } from './channels/socket-io-broadcast.channel';
import { NotifyExpiringSubscriptionsHandler } from './commands/notify-expiring-subscriptions/notify-expiring-subscriptions.handler';
import { PushChannel } from './channels/push.channel';
import { WebPushChannel } from './channels/web-push.channel';
import { DeletePushSubscriptionHandler } from './commands/delete-push-subscription/delete-push-subscription.handler';
import { DeletePushSubscriptionByIdHandler } from './commands/delete-push-subscription-by-id/delete-push-subscription-by-id.handler';
import { ForgetUserPushSubscriptionsHandler } from './commands/forget-user-push-subscriptions/forget-user-push-subscriptions.handler';
import { RegisterPushSubscriptionHandler } from './commands/register-push-subscription/register-push-subscription.handler';
import { OrderPlacedConsumer } from './consumers/order-placed.consumer';
import { ShopperOrderPlacedConsumer, ShopperOrderStatusConsumer } from './consumers/shopper-order-mails.consumer';
import { BroadcastDeliveryProcessor } from './jobs/broadcast-delivery.processor';
import { BROADCAST_DELIVERY_QUEUE, PUSH_DELIVERY_QUEUE } from './jobs/notification-delivery.queue';
import { SUBSCRIPTION_REMINDERS_QUEUE, SubscriptionRemindersProcessor } from './jobs/subscription-reminders.processor';
import { SubscriptionRemindersScheduler } from './jobs/subscription-reminders.scheduler';
import { NotificationsController } from './notifications.controller';
import { NotificationsGateway } from './notifications.gateway';
import { PushDeliveryProcessor } from './jobs/push-delivery.processor';
import { Notifier } from './notifier.service';
import { CountUnreadNotificationsHandler } from './queries/count-unread-notifications/count-unread-notifications.handler';
import { CountNotificationsHandler, ListNotificationsHandler } from './queries/list-notifications/list-notifications.handler';
import {
  CountPushSubscriptionsHandler,
  ListPushSubscriptionsHandler,
} from './queries/list-push-subscriptions/list-push-subscriptions.handler';
import { PushPublicKeyController } from './push-public-key.controller';
import { PushSubscriptionsController } from './push-subscriptions.controller';
import { GetPushPublicKeyHandler } from './queries/get-push-public-key/get-push-public-key.handler';
import { NotificationsRepository } from './persistence/notifications.repository';
import { PushSubscriptionsRepository } from './persistence/push-subscriptions.repository';

/** The notifications a user reads, the browsers they are pushed to, and sending them: any process (the CLI sends the reminders too). */
@Module({
  imports: [BullModule.registerQueue({ name: PUSH_DELIVERY_QUEUE }, { name: BROADCAST_DELIVERY_QUEUE })],
  controllers: [NotificationsController, PushSubscriptionsController, PushPublicKeyController],
  providers: [
    Notifier,
    NotificationsRepository,
    Paginator,
    ListNotificationsHandler,
    CountNotificationsHandler,
    CountUnreadNotificationsHandler,
    MarkNotificationReadHandler,
    MarkAllNotificationsReadHandler,
    NotifyExpiringSubscriptionsHandler,
    PushSubscriptionsRepository,
    RegisterPushSubscriptionHandler,
    DeletePushSubscriptionHandler,
    DeletePushSubscriptionByIdHandler,
    ForgetUserPushSubscriptionsHandler,
    ListPushSubscriptionsHandler,
    CountPushSubscriptionsHandler,
    GetPushPublicKeyHandler,
  ],
  exports: [Notifier, PushSubscriptionsRepository],
})
export class NotificationsModule {}

/** Consumers of domain events that notify, the channel deliveries and the daily reminders: worker processes. */
@Module({
  imports: [NotificationsModule, BullModule.registerQueue({ name: SUBSCRIPTION_REMINDERS_QUEUE })],
  providers: [
    OrderPlacedConsumer,
    ShopperOrderPlacedConsumer,
    ShopperOrderStatusConsumer,
    { provide: BroadcastChannel, useClass: SocketIoBroadcastChannel },
    BroadcastDeliveryProcessor,
    { provide: PushChannel, useClass: WebPushChannel },
    PushDeliveryProcessor,
    SubscriptionRemindersProcessor,
    SubscriptionRemindersScheduler,
  ],
})
export class NotificationsWorkerModule {}

/** The realtime channel merchants connect to (Socket.IO on the HTTP server): processes that serve HTTP. */
@Module({ providers: [NotificationsGateway] })
export class NotificationsGatewayModule {}
