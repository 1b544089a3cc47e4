import { InjectQueue } from '@nestjs/bullmq';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Queue } from 'bullmq';
import { sha256Hex } from '@common/util/stable-json';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { TenantDirectory } from '@modules/accounts';
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

/** Never throws: a beacon's answer is `ok` when queued, `skipped` otherwise. */
@CommandHandler(RecordConversionCommand)
export class RecordConversionHandler implements ICommandHandler<RecordConversionCommand, ConversionAnswer> {
  constructor(
    @InjectQueue(ANALYTICS_QUEUE) private readonly queue: Queue<AnalyticsJob>,
    private readonly tenants: TenantDirectory,
  ) {}

  async execute({ body }: RecordConversionCommand): Promise<ConversionAnswer> {
    const fields = parseBeaconBody(body);
    const transactionId = beaconTransactionId(fields);
    try {
      const beacon = readConversionBeacon(fields, new Date());
      if (!beacon.tenantSlug) return { status: 'skipped', transaction_id: transactionId };
      const tenant = await this.tenants.bySlug(beacon.tenantSlug);
      if (!tenant) return { status: 'skipped', transaction_id: transactionId };
      const storedId = transactionId ? transactionId.slice(0, 255) : null;
      const job: AnalyticsJob = {
        kind: 'conversion',
        tenantId: tenant.id,
        transactionId: storedId,
        event: beacon.event,
        value: beacon.value,
        currency: beacon.currency,
        occurredAt: beacon.occurredAt,
      };
      // One row per (tenant, transaction): the job id also collapses repeats still in the queue.
      const jobId = storedId ? `conversion-${sha256Hex(`${tenant.id}:${storedId}`)}` : undefined;
      await enqueueOnRequestPath(this.queue, () => this.queue.add('conversion', job, { ...ANALYTICS_JOB_OPTIONS, jobId }));
      return { status: 'ok', transaction_id: transactionId };
    } catch {
      return { status: 'skipped', transaction_id: transactionId };
    }
  }
}
