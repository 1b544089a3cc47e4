import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { OrderPlacedConsumer } from './consumers/order-placed.consumer';
import { BROADCAST_DELIVERY_QUEUE, PUSH_DELIVERY_QUEUE } from './jobs/notification-delivery.queue';
import { Notifier } from './notifier.service';

/** The notifications a user reads, and sending them: any process. */
@Module({
  imports: [BullModule.registerQueue({ name: PUSH_DELIVERY_QUEUE }, { name: BROADCAST_DELIVERY_QUEUE })],
  providers: [Notifier],
  exports: [Notifier],
})
export class NotificationsModule {}

/** Consumers of domain events that notify, and the channel deliveries: worker processes. */
@Module({
  imports: [NotificationsModule],
  providers: [OrderPlacedConsumer],
})
export class NotificationsWorkerModule {}
