import { ListExportsHandler } from './queries/list-exports/list-exports.handler';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { tenantOwnedRows } from '@common/context/tenant-ownership.registry';
import { NotificationsModule } from '@modules/notifications';
import { OrdersModule } from '@modules/orders';
import { DeleteExpiredExportsHandler } from './commands/delete-expired-exports/delete-expired-exports.handler';
import { RequestExportHandler } from './commands/request-export/request-export.handler';
import { ExportRequestedConsumer } from './consumers/export-requested.consumer';
import { ExportDownloadsController } from './export-downloads.controller';
import { ExportsController } from './exports.controller';
import { ExportFilesRepository } from './persistence/export-files.repository';
import { ExportFileProducer } from './jobs/export-file.producer';
import { ExportsCleanupScheduler } from './jobs/exports-cleanup.scheduler';
import { EXPORTS_QUEUE } from './jobs/exports.queue';
import { ExportsProcessor } from './jobs/exports.processor';
import { DownloadLinks } from './links/download-links';
import { GetExportDownloadHandler } from './queries/get-export-download/get-export-download.handler';
import { GetExportFileHandler } from './queries/get-export-file/get-export-file.handler';

/** Asking for exports and reports, their status and signed downloads: any process. */
@Module({
  imports: [BullModule.registerQueue({ name: EXPORTS_QUEUE })],
  controllers: [ExportsController, ExportDownloadsController],
  providers: [
    RequestExportHandler,
    DeleteExpiredExportsHandler,
    GetExportFileHandler,
    ListExportsHandler,
    GetExportDownloadHandler,
    ExportFilesRepository,
    DownloadLinks,
    tenantOwnedRows('export', ExportFilesRepository),
  ],
  exports: [ExportFilesRepository, DownloadLinks],
})
export class ExportsModule {}

/** Queueing the requested files, producing them, and the daily cleanup: worker processes. */
@Module({
  imports: [ExportsModule, OrdersModule, NotificationsModule, BullModule.registerQueue({ name: EXPORTS_QUEUE })],
  providers: [ExportRequestedConsumer, ExportFileProducer, ExportsProcessor, ExportsCleanupScheduler],
})
export class ExportsWorkerModule {}
