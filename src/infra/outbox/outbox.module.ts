import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxEventEntity } from './outbox-event.entity';
import { OutboxHandlerRegistry } from './outbox-handler.registry';
import { OUTBOX_QUEUE } from './outbox.constants';
import { OutboxProcessor } from './outbox.processor';
import { OutboxRelay } from './outbox.relay';
import { OutboxService } from './outbox.service';

/** Recording events: available to every feature, in every process role. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEventEntity])],
  providers: [OutboxService],
  exports: [OutboxService],
})
export class OutboxModule {}

/** Relaying and handling events: only in processes that run workers. */
@Module({
  imports: [DiscoveryModule, OutboxModule, BullModule.registerQueue({ name: OUTBOX_QUEUE })],
  providers: [OutboxRelay, OutboxProcessor, OutboxHandlerRegistry],
  exports: [OutboxRelay, OutboxHandlerRegistry],
})
export class OutboxWorkerModule {}
