import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { ExportRequested, type ExportRequestedPayload } from '@modules/exports/domain/export-requested.event';
import { ExportFilesRepository } from '@modules/exports/persistence/export-files.repository';
import { EXPORTS_QUEUE, PRODUCE_JOB_OPTIONS, ProduceExportJob } from '@modules/exports/jobs/exports.queue';

/**
 * Queues the file a request committed (job id = file id). A redelivered event adds a job BullMQ
 * already has, and a job that runs again finds its file finished and does nothing
 * (ExportFilesRepository.start). The job is added inside the delivery's transaction, before its
 * consumption is committed: a failed add rolls the delivery back, to be retried.
 */
@OutboxHandler(ExportRequested)
export class ExportRequestedConsumer implements OutboxEventHandler<ExportRequestedPayload> {
  constructor(
    @InjectQueue(EXPORTS_QUEUE) private readonly queue: Queue<ProduceExportJob>,
    private readonly files: ExportFilesRepository,
  ) {}

  async handle({ payload }: StoredEvent<ExportRequestedPayload>): Promise<void> {
    await this.queue.add(
      'produce',
      { fileId: payload.file_id, tenantId: payload.tenant_id },
      { ...PRODUCE_JOB_OPTIONS, jobId: payload.file_id },
    );
  }

  /** The event will never be delivered: the file that waits for it is failed, not left `queued`. */
  async abandon({ payload }: StoredEvent<ExportRequestedPayload>): Promise<void> {
    await this.files.markFailed(payload.file_id, 'The job could not be queued.');
  }
}
