import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Paginator } from '@common/http/pagination';
import { MarkAllNotificationsReadHandler } from './commands/mark-all-notifications-read/mark-all-notifications-read.handler';
import { MarkNotificationReadHandler } from './commands/mark-notification-read/mark-notification-read.handler';
import { BroadcastChannel } from './channels/broadcast.channel';
import { SocketIoBroadcastChannel } from './channels/socket-io-broadcast.channel';
import { OrderPlacedConsumer } from './consumers/order-placed.consumer';
import { BroadcastDeliveryProcessor } from './jobs/broadcast-delivery.processor';
import { BROADCAST_DELIVERY_QUEUE, PUSH_DELIVERY_QUEUE } from './jobs/notification-delivery.queue';
import { NotificationsController } from './notifications.controller';
import { NotificationsGateway } from './notifications.gateway';
import { Notifier } from './notifier.service';
import { CountUnreadNotificationsHandler } from './queries/count-unread-notifications/count-unread-notifications.handler';
import { ListNotificationsHandler } from './queries/list-notifications/list-notifications.handler';

/** The notifications a user reads, and sending them: any process. */
@Module({
  imports: [BullModule.registerQueue({ name: PUSH_DELIVERY_QUEUE }, { name: BROADCAST_DELIVERY_QUEUE })],
  controllers: [NotificationsController],
  providers: [
    Notifier,
    Paginator,
    ListNotificationsHandler,
    CountUnreadNotificationsHandler,
    MarkNotificationReadHandler,
    MarkAllNotificationsReadHandler,
  ],
  exports: [Notifier],
})
export class NotificationsModule {}

/** Consumers of domain events that notify, and the channel deliveries: worker processes. */
@Module({
  imports: [NotificationsModule],
  providers: [OrderPlacedConsumer, { provide: BroadcastChannel, useClass: SocketIoBroadcastChannel }, BroadcastDeliveryProcessor],
})
export class NotificationsWorkerModule {}

/** The realtime channel merchants connect to (Socket.IO on the HTTP server): processes that serve HTTP. */
@Module({ providers: [NotificationsGateway] })
export class NotificationsGatewayModule {}
