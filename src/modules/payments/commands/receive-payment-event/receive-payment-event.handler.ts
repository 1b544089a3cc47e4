import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isDependencyUnavailable, isStatementCancelled } from '@common/errors/dependency-unavailable';
import { sha256Hex } from '@common/util/stable-json';
import { inTransaction } from '@infra/database/transaction';
import { isKnownPaymentEvent, parseEnvelope, WebhookEnvelope } from '@modules/payments/domain/payment-events';
import { WebhookLogsRepository } from '@modules/payments/persistence/webhook-logs.repository';
import type { LogEntry } from '@modules/payments/persistence/webhook-logs.rows';
import { FirstDeliveryBatcher } from './first-delivery.batcher';
import { PaymentEffects } from './payment-effects';
import { ReceivePaymentEventCommand, WebhookOutcome } from './receive-payment-event.command';

const FINAL: ReadonlySet<string> = new Set(['processed', 'ignored', 'invalid']);

/**
 * Records a signed payment event and applies it once (docs/payments-webhook.md).
 *
 * The first delivery of an event takes one transaction, one commit: the log row is inserted, the
 * effect applied and the outcome recorded on the row together. For an order's payment, the most
 * common event, that transaction is one statement (one round trip, `firstInOneStatement`), shared with the other
 * first deliveries of the same moment (FirstDeliveryBatcher). Until that commit, the new row's
 * unique key makes any concurrent delivery of the same event wait in its own insert; after it, that
 * delivery finds the row and reads the outcome. If the effect fails unexpectedly, the transaction
 * rolls back whole and the delivery is then filed on its own commit, marked `failed` with the error,
 * so it is on record and the provider's retry applies it.
 *
 * A repeated delivery (the row already committed) takes the row's lock and answers from the
 * recorded outcome, or applies the event if the last attempt failed: of any number of concurrent or
 * repeated deliveries of one event id, exactly one applies it.
 */
@CommandHandler(ReceivePaymentEventCommand)
export class ReceivePaymentEventHandler implements ICommandHandler<ReceivePaymentEventCommand, WebhookOutcome> {
  private readonly logger = new Logger('PaymentWebhook');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly effects: PaymentEffects,
    private readonly firstDeliveries: FirstDeliveryBatcher,
    private readonly logs: WebhookLogsRepository,
  ) {}

  async execute({ rawBody, provider }: ReceivePaymentEventCommand): Promise<WebhookOutcome> {
    const { envelope, json } = parseEnvelope(rawBody);
    const entry = logEntry(provider, rawBody, envelope, json);

    let logId: string | null = null;
    try {
      const inOne = await this.firstInOneStatement(entry, envelope);
      if (inOne) return inOne;
      const first =
        inOne === null
          ? null
          : await inTransaction(this.dataSource, async (manager) => {
              const inserted = await this.logs.insert(entry, manager);
              if (!inserted) return null; // on record already: a repeated delivery
              const { outcome, error } = await this.apply(envelope, provider, inserted);
              await this.logs.recordOutcome(manager, inserted, outcome, error);
              return outcome;
            });
      if (first) return first;

      const existing = await this.logs.idOf(entry);
      logId = existing;
      return await inTransaction(this.dataSource, async (manager) => {
        const status = await this.logs.lockStatus(manager, existing);
        if (FINAL.has(status)) return status as WebhookOutcome;
        const { outcome, error } = await this.apply(envelope, provider, existing);
        await this.logs.recordOutcome(manager, existing, outcome, error);
        return outcome;
      });
    } catch (failure) {
      // The database went away mid-delivery: nothing failed for good, and what was written is
      // unknown to this process. The 503 (with Retry-After, from the global filter) asks the
      // gateway to redeliver, which finds the delivery's row if it was written (decisions §13).
      if (isDependencyUnavailable(failure) || isStatementCancelled(failure)) throw failure;
      this.logger.error({ err: failure, webhookLogId: logId }, 'Payment event processing failed');
      // Nothing of the failed transaction stands: file the delivery (its own commit) if no row is
      // on record yet, then mark it failed unless another delivery has applied it meanwhile.
      logId ??= await this.record(entry);
      await this.logs.markFailed(logId, String((failure as Error)?.message ?? failure).slice(0, 2000)).catch(() => undefined);
      return 'failed';
    }
  }

  /**
   * The first delivery of an event whose effect can share a statement (an order's payment): the
   * log row inserted with its outcome, and the effect, conditioned on that insert, in one statement
   * that commits on its own, shared with the other deliveries of the same moment
   * (FirstDeliveryBatcher). Its insert waits on a concurrent delivery's uncommitted row as the
   * transaction's does, and finding the row on record it changes nothing. Null: on record already
   * (a repeated delivery); undefined: another kind of event.
   */
  private async firstInOneStatement(entry: LogEntry, envelope: WebhookEnvelope | null): Promise<WebhookOutcome | null | undefined> {
    if (!envelope || !isKnownPaymentEvent(envelope.event)) return undefined;
    const payment = this.effects.orderPaymentOf(envelope.event, envelope.data);
    if (!payment) return undefined;
    return this.firstDeliveries.apply({ ...entry, payment });
  }

  private async apply(
    envelope: WebhookEnvelope | null,
    provider: string,
    logId: string,
  ): Promise<{ outcome: WebhookOutcome; error: string | null }> {
    if (!envelope) return { outcome: 'invalid', error: 'Not a JSON object with a string "event" and an object "data".' };
    if (!isKnownPaymentEvent(envelope.event)) return { outcome: 'ignored', error: null };
    const applied = await this.effects.apply(envelope.event, envelope.data, { provider, logId });
    return applied.ok ? { outcome: 'processed', error: null } : { outcome: 'invalid', error: applied.reason };
  }

  /** Inserts the log row (its own commit) or finds the one an earlier delivery of this event wrote. */
  private async record(entry: LogEntry): Promise<string> {
    return (await this.logs.insert(entry)) ?? this.logs.idOf(entry);
  }
}

/** What the log row records about a delivery. Even a body that fails the envelope rules is filed under its own id when it names one. */
function logEntry(provider: string, rawBody: Buffer, envelope: WebhookEnvelope | null, json: unknown): LogEntry {
  const object = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  const data = object.data && typeof object.data === 'object' ? (object.data as Record<string, unknown>) : {};
  let externalId = envelope?.id ?? idOf(object.id) ?? idOf(data.id) ?? sha256Hex(rawBody);
  if (externalId.length > 255) externalId = sha256Hex(externalId);
  const eventType = (envelope?.event ?? 'invalid').slice(0, 100);
  const payload = json !== undefined ? json : { _raw: rawBody.toString('utf8').slice(0, 100_000) };
  return { provider, externalId, eventType, payload: JSON.stringify(payload) };
}

function idOf(value: unknown): string | undefined {
  return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : undefined;
}
