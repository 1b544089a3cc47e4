import { InjectQueue } from '@nestjs/bullmq';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Queue } from 'bullmq';
import { toCents } from '@common/money/money';
import { sha256Hex } from '@common/util/stable-json';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { TenantDirectory } from '@modules/accounts';
import { FindOrderTotalQuery, type OrderTotal } from '@modules/orders';
import {
  beaconTransactionId,
  type ConversionStatus,
  parseBeaconBody,
  readConversionBeacon,
} from '@modules/analytics/domain/conversion-beacon';
import { ANALYTICS_JOB_OPTIONS, ANALYTICS_QUEUE, AnalyticsJob } from '@modules/analytics/jobs/analytics.queue';
import { RecordConversionCommand } from './record-conversion.command';

export interface ConversionAnswer {
  status: ConversionStatus;
  transaction_id: string | null;
}

/**
 * Never throws: a beacon's answer is `ok` when queued, `skipped` otherwise. Only a beacon that names
 * an order of a public shop by its number, with that order's total as its value, is queued: anyone
 * can send a beacon, so one that proves nothing is not a conversion, and it cannot take the
 * (tenant, transaction) row from the real one (docs/analytics.md, "Conversions").
 */
@CommandHandler(RecordConversionCommand)
export class RecordConversionHandler implements ICommandHandler<RecordConversionCommand, ConversionAnswer> {
  constructor(
    @InjectQueue(ANALYTICS_QUEUE) private readonly queue: Queue<AnalyticsJob>,
    private readonly tenants: TenantDirectory,
    private readonly queries: QueryBus,
  ) {}

  async execute({ body }: RecordConversionCommand): Promise<ConversionAnswer> {
    const fields = parseBeaconBody(body);
    const transactionId = beaconTransactionId(fields);
    try {
      const beacon = readConversionBeacon(fields, new Date());
      if (!beacon.tenantSlug) return { status: 'skipped', transaction_id: transactionId };
      const tenant = await this.tenants.bySlug(beacon.tenantSlug);
      // An archived or inactive shop answers as an unknown one.
      if (!tenant?.isPublic || !transactionId) return { status: 'skipped', transaction_id: transactionId };
      const order = await this.queries.execute<FindOrderTotalQuery, OrderTotal | null>(new FindOrderTotalQuery(tenant.id, transactionId));
      if (!order || toCents(order.total) !== toCents(beacon.value)) return { status: 'skipped', transaction_id: transactionId };
      const job: AnalyticsJob = {
        kind: 'conversion',
        tenantId: tenant.id,
        transactionId,
        event: beacon.event,
        value: order.total,
        currency: order.currency,
        occurredAt: beacon.occurredAt,
      };
      // One row per (tenant, transaction): the job id also collapses repeats still in the queue.
      const jobId = `conversion-${sha256Hex(`${tenant.id}:${transactionId}`)}`;
      await enqueueOnRequestPath(this.queue, () => this.queue.add('conversion', job, { ...ANALYTICS_JOB_OPTIONS, jobId }));
      return { status: 'ok', transaction_id: transactionId };
    } catch {
      return { status: 'skipped', transaction_id: transactionId };
    }
  }
}
