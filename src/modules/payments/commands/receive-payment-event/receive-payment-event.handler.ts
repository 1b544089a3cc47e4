import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { sha256Hex } from '@common/util/stable-json';
import { inTransaction } from '@infra/database/transaction';
import { isKnownPaymentEvent, parseEnvelope, WebhookEnvelope } from '@modules/payments/domain/payment-events';
import { PaymentEffects } from './payment-effects';
import { ReceivePaymentEventCommand, WebhookOutcome } from './receive-payment-event.command';

const FINAL: ReadonlySet<string> = new Set(['processed', 'ignored', 'invalid']);

/**
 * Records a signed payment event, then applies it once. The log row is committed first, so every
 * delivery is on record whatever happens next. Applying happens in a transaction that holds the
 * row's lock and marks the row with the outcome: of any number of concurrent or repeated
 * deliveries of one event id, exactly one applies it, and the others read its outcome. A delivery
 * that failed unexpectedly is applied again by the provider's next retry.
 */
@CommandHandler(ReceivePaymentEventCommand)
export class ReceivePaymentEventHandler implements ICommandHandler<ReceivePaymentEventCommand, WebhookOutcome> {
  private readonly logger = new Logger('PaymentWebhook');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly effects: PaymentEffects,
  ) {}

  async execute({ rawBody, provider }: ReceivePaymentEventCommand): Promise<WebhookOutcome> {
    const { envelope, json } = parseEnvelope(rawBody);
    const logId = await this.record(provider, rawBody, envelope, json);

    try {
      return await inTransaction(this.dataSource, async (manager) => {
        const rows: Array<{ processing_status: string }> = await manager.query(
          'SELECT processing_status FROM webhook_logs WHERE id = $1 FOR UPDATE',
          [logId],
        );
        const status = rows[0].processing_status;
        if (FINAL.has(status)) return status as WebhookOutcome;

        let outcome: WebhookOutcome;
        let error: string | null = null;
        if (!envelope) {
          outcome = 'invalid';
          error = 'Not a JSON object with a string "event" and an object "data".';
        } else if (!isKnownPaymentEvent(envelope.event)) {
          outcome = 'ignored';
        } else {
          const applied = await this.effects.apply(envelope.event, envelope.data, { provider, logId });
          outcome = applied.ok ? 'processed' : 'invalid';
          error = applied.ok ? null : applied.reason;
        }
        await manager.query('UPDATE webhook_logs SET processing_status = $2, processed_at = now(), error = $3 WHERE id = $1', [
          logId,
          outcome,
          error,
        ]);
        return outcome;
      });
    } catch (failure) {
      this.logger.error({ err: failure, webhookLogId: logId }, 'Payment event processing failed');
      await this.dataSource
        .query(
          `UPDATE webhook_logs SET processing_status = 'failed', error = $2 WHERE id = $1 AND processing_status IN ('received', 'failed')`,
          [logId, String((failure as Error)?.message ?? failure).slice(0, 2000)],
        )
        .catch(() => undefined);
      return 'failed';
    }
  }

  /** Inserts the log row (its own commit) or finds the one an earlier delivery of this event wrote. */
  private async record(provider: string, rawBody: Buffer, envelope: WebhookEnvelope | null, json: unknown): Promise<string> {
    // Even a body that fails the envelope rules is filed under its own id when it names one.
    const object = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    const data = object.data && typeof object.data === 'object' ? (object.data as Record<string, unknown>) : {};
    let externalId = envelope?.id ?? idOf(object.id) ?? idOf(data.id) ?? sha256Hex(rawBody);
    if (externalId.length > 255) externalId = sha256Hex(externalId);
    const eventType = (envelope?.event ?? 'invalid').slice(0, 100);
    const payload = json !== undefined ? json : { _raw: rawBody.toString('utf8').slice(0, 100_000) };
    const inserted: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO webhook_logs (provider, external_event_id, event_type, payload) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (provider, external_event_id) DO NOTHING RETURNING id`,
      [provider, externalId, eventType, JSON.stringify(payload)],
    );
    if (inserted[0]) return inserted[0].id;
    const existing: Array<{ id: string }> = await this.dataSource.query(
      'SELECT id FROM webhook_logs WHERE provider = $1 AND external_event_id = $2',
      [provider, externalId],
    );
    return existing[0].id;
  }
}

function idOf(value: unknown): string | undefined {
  return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : undefined;
}
