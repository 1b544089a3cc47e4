import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { OutboxService } from '@infra/outbox/outbox.service';
import { ExportRequested } from '@modules/exports/domain/export-requested.event';
import { ExportFilesRepository } from '@modules/exports/persistence/export-files.repository';
import { RequestExportCommand } from './request-export.command';

/**
 * Records the file as queued and, in the same transaction, the ExportRequested outbox event whose
 * consumer queues its job (job id = file id). Nothing is queued here: an accepted request always
 * has its job, even if this process dies or the queue is away right after the commit.
 */
@CommandHandler(RequestExportCommand)
export class RequestExportHandler implements ICommandHandler<RequestExportCommand, string> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: ExportFilesRepository,
    private readonly outbox: OutboxService,
  ) {}

  execute({ tenantId, userId, kind, params }: RequestExportCommand): Promise<string> {
    return inTransaction(this.dataSource, async (manager) => {
      const fileId = await this.files.create(manager, { tenantId, userId, kind, params });
      await this.outbox.record(manager, new ExportRequested(tenantId, { file_id: fileId, tenant_id: tenantId, kind }));
      return fileId;
    });
  }
}
