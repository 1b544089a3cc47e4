import { InjectQueue } from '@nestjs/bullmq';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { ExportFileStore } from '@modules/exports/files/export-file.store';
import { EXPORTS_QUEUE, PRODUCE_JOB_OPTIONS, ProduceExportJob } from '@modules/exports/jobs/exports.queue';
import { RequestExportCommand } from './request-export.command';

/**
 * Records the file as queued, then queues its job (job id = file id). The row is committed first
 * so that a worker taking the job at once finds it; if the job cannot be queued (Redis away: 503),
 * the row is removed again, so an accepted request always has its job.
 */
@CommandHandler(RequestExportCommand)
export class RequestExportHandler implements ICommandHandler<RequestExportCommand, string> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(EXPORTS_QUEUE) private readonly queue: Queue<ProduceExportJob>,
    private readonly files: ExportFileStore,
  ) {}

  async execute({ tenantId, userId, kind, params }: RequestExportCommand): Promise<string> {
    const fileId = await inTransaction(this.dataSource, (manager) => this.files.create(manager, { tenantId, userId, kind, params }));
    try {
      await enqueueOnRequestPath(this.queue, () =>
        this.queue.add('produce', { fileId, tenantId }, { ...PRODUCE_JOB_OPTIONS, jobId: fileId }),
      );
    } catch (error) {
      await this.files.remove(fileId).catch(() => undefined);
      throw error;
    }
    return fileId;
  }
}
