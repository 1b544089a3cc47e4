import { Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { afterCommit, inTransaction } from '@infra/database/transaction';
import { DomainEvent } from '@common/events/domain-event';
import type { StoredEvent } from '@infra/outbox/stored-event';
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

export class ProbeWithEffects extends DomainEvent<{ marker: string; effectFailures: number }> {
  static readonly type = 'ProbeWithEffects';

  /** `effectFailures`: how many times its after-commit effect fails before it succeeds (a queue that is down). */
  constructor(marker: string, effectFailures = 0) {
    super(null, { marker, effectFailures });
  }
}

/**
 * marker → what its handler saw: whether work it started joined its transaction, its after-commit
 * effects run (succeeded), and those that failed.
 */
export const probeEffects = new Map<string, { joined: boolean[]; effects: number; failedEffects: number }>();

/** A handler as features write them: work through `inTransaction` (a command) and an effect after commit. */
@OutboxHandler(ProbeWithEffects)
export class ProbeWithEffectsHandler implements OutboxEventHandler<{ marker: string; effectFailures: number }> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(event: StoredEvent<{ marker: string; effectFailures: number }>, manager: EntityManager): Promise<void> {
    const seen = probeEffects.get(event.payload.marker) ?? { joined: [], effects: 0, failedEffects: 0 };
    probeEffects.set(event.payload.marker, seen);
    await inTransaction(this.dataSource, async (inner) => {
      seen.joined.push(inner === manager);
    });
    await afterCommit(manager, () => {
      if (seen.failedEffects < (event.payload.effectFailures ?? 0)) {
        seen.failedEffects += 1;
        throw new Error(`probe effect failure ${seen.failedEffects}`);
      }
      seen.effects += 1;
    });
  }
}

@Module({ providers: [ProbeHappenedHandler, ProbeWithEffectsHandler] })
export class OutboxProbeModule {}
