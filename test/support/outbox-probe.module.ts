import { Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvent, StoredEvent } from '@infra/outbox/domain-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';

export class ProbeHappened extends DomainEvent<{ marker: string; failTimes: number }> {
  static readonly type = 'ProbeHappened';

  constructor(marker: string, failTimes = 0) {
    super(null, { marker, failTimes });
  }
}

/** marker → how many times the handler's body completed. */
export const probeDeliveries = new Map<string, number>();
const failures = new Map<string, number>();

@OutboxHandler(ProbeHappened)
export class ProbeHappenedHandler implements OutboxEventHandler<{ marker: string; failTimes: number }> {
  async handle(event: StoredEvent<{ marker: string; failTimes: number }>, manager: EntityManager): Promise<void> {
    const { marker, failTimes } = event.payload;
    const failed = failures.get(marker) ?? 0;
    if (failed < failTimes) {
      failures.set(marker, failed + 1);
      throw new Error(`probe failure ${failed + 1} for ${marker}`);
    }
    await manager.query('SELECT 1');
    probeDeliveries.set(marker, (probeDeliveries.get(marker) ?? 0) + 1);
  }
}

@Module({ providers: [ProbeHappenedHandler] })
export class OutboxProbeModule {}
