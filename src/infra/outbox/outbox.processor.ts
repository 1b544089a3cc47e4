import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { AfterCommitError, inTransaction } from '@infra/database/transaction';
import { StoredEvent } from './stored-event';
import { OutboxHandlerRegistry } from './outbox-handler.registry';
import { OUTBOX_QUEUE, OutboxJobData } from './outbox.constants';
import { workerOptions } from '@infra/queue/worker-options';

/**
 * Delivers one outbox event to every handler registered for its type. Each handler runs in its own
 * transaction together with its consumption marker, so a retry after a partial failure only runs
 * the handlers that did not finish. That transaction is opened by `inTransaction`, like every other
 * write: a command the handler dispatches joins it (its writes commit or roll back with the
 * marker), and `afterCommit` effects run once the marker is committed, never for a failed attempt.
 */
@Processor(OUTBOX_QUEUE, workerOptions({ concurrency: 8 }))
export class OutboxProcessor extends WorkerHost {
  private readonly logger = new Logger(OutboxProcessor.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: OutboxHandlerRegistry,
  ) {
    super();
  }

  async process(job: Job<OutboxJobData>): Promise<void> {
    const { outboxId } = job.data;
    const event = await this.storedEvent(outboxId);
    if (!event) return;
    for (const handler of this.registry.handlersFor(event.type)) {
      try {
        await inTransaction(
          this.dataSource,
          async (manager) => {
            const claimed: unknown[] = await manager.query(
              `INSERT INTO outbox_consumptions (event_id, handler) VALUES ($1, $2)
               ON CONFLICT DO NOTHING RETURNING event_id`,
              [event.id, handler.name],
            );
            if (claimed.length === 0) return;
            await handler.instance.handle(event, manager);
          },
          { effectsMustSucceed: true },
        );
      } catch (error) {
        // What the handler queued after its commit (a notifier's mails and pushes) did not all go
        // out: the handler is made to run again on the event's retry. Handlers are idempotent
        // (their rows by event, their jobs by derived ids), so that queues only what is missing.
        if (error instanceof AfterCommitError) {
          await this.dataSource.query('DELETE FROM outbox_consumptions WHERE event_id = $1 AND handler = $2', [event.id, handler.name]);
        }
        throw error;
      }
    }
    await this.dataSource.query(`UPDATE outbox_events SET status = 'processed', processed_at = now(), last_error = NULL WHERE id = $1`, [
      outboxId,
    ]);
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job<OutboxJobData> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.warn({ err: error, outboxId: job.data.outboxId, attempt: job.attemptsMade, final }, 'Outbox event handling failed');
    await this.dataSource
      .query(`UPDATE outbox_events SET status = CASE WHEN $2 THEN 'failed' ELSE status END, last_error = $3 WHERE id = $1`, [
        job.data.outboxId,
        final,
        String(error?.message ?? error).slice(0, 2000),
      ])
      .catch(() => undefined);
    if (final) await this.abandon(job.data.outboxId);
  }

  /**
   * The event will not be delivered again: each handler that had not handled it and has an
   * `abandon` is told, once (the consumption marker is taken for it in the same transaction).
   */
  private async abandon(outboxId: string): Promise<void> {
    const event = await this.storedEvent(outboxId).catch(() => null);
    if (!event) return;
    for (const handler of this.registry.handlersFor(event.type)) {
      const abandon = handler.instance.abandon?.bind(handler.instance);
      if (!abandon) continue;
      await inTransaction(this.dataSource, async (manager) => {
        const claimed: unknown[] = await manager.query(
          `INSERT INTO outbox_consumptions (event_id, handler) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [event.id, handler.name],
        );
        if (claimed.length > 0) await abandon(event, manager);
      }).catch((error: unknown) => this.logger.error({ err: error, outboxId, handler: handler.name }, 'Abandoning an outbox event failed'));
    }
  }

  /** The event of an outbox row, as every delivery sees it; null when it is gone or already processed. */
  private async storedEvent(outboxId: string): Promise<StoredEvent | null> {
    const rows: Array<{
      id: string;
      event_type: string;
      tenant_id: string | null;
      occurred_at: Date;
      payload: Record<string, unknown>;
      status: string;
    }> = await this.dataSource.query('SELECT id, event_type, tenant_id, occurred_at, payload, status FROM outbox_events WHERE id = $1', [
      outboxId,
    ]);
    const row = rows[0];
    if (!row || row.status === 'processed') return null;
    return {
      id: String(row.id),
      type: row.event_type,
      tenantId: row.tenant_id,
      occurredAt: new Date(row.occurred_at),
      payload: row.payload,
    };
  }
}
