import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DelayedError, Job, UnrecoverableError } from 'bullmq';
import { DeleteExpiredExportsCommand } from '../commands/delete-expired-exports/delete-expired-exports.command';
import { ExportFileBusyError } from '../domain/exports.errors';
import { ExportFilesRepository } from '../persistence/export-files.repository';
import { ExportFileProducer } from './export-file.producer';
import { EXPORTS_QUEUE, ProduceExportJob } from './exports.queue';
import { workerOptions } from '@infra/queue/worker-options';

/** How soon a job whose file another run is writing looks again. */
const BUSY_RECHECK_MS = 10_000;

/**
 * Two files at a time per worker process: each holds two database connections (the cursor and the
 * chunk writes) and reads a whole shop.
 */
@Processor(EXPORTS_QUEUE, workerOptions({ concurrency: 2 }))
export class ExportsProcessor extends WorkerHost {
  private readonly logger = new Logger(ExportsProcessor.name);

  constructor(
    private readonly producer: ExportFileProducer,
    private readonly files: ExportFilesRepository,
    private readonly commands: CommandBus,
  ) {
    super();
  }

  async process(job: Job, token?: string): Promise<unknown> {
    if (job.name === 'cleanup') return this.commands.execute(new DeleteExpiredExportsCommand(new Date()));
    return this.produce(job as Job<ProduceExportJob>, token);
  }

  private async produce(job: Job<ProduceExportJob>, token: string | undefined): Promise<void> {
    try {
      await this.producer.produce(job.data.fileId);
    } catch (error) {
      if (error instanceof ExportFileBusyError && token) {
        // The other run finishes the file (this job then finds it ready), or dies and frees it:
        // look again later without spending an attempt, and never mark the file failed under it.
        await job.moveToDelayed(Date.now() + BUSY_RECHECK_MS, token);
        throw new DelayedError();
      }
      const lastAttempt = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (lastAttempt) {
        this.logger.error({ err: error, fileId: job.data.fileId, tenantId: job.data.tenantId }, 'Export failed for good');
        await this.files.markFailed(job.data.fileId, error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  }
}
