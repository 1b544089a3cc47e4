import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataSource, EntityManager } from 'typeorm';
import { shopTimezone } from '@common/i18n/shop-locale';
import { inTransaction } from '@infra/database/transaction';
import { UsersQueries } from '@modules/accounts';
import { Notifier, type NotificationMessage } from '@modules/notifications';
import { type DailySalesRow, type OrderExportRow, OrdersExportRepository } from '@modules/orders';
import { csvStringifier } from '../csv/csv-format';
import { ORDERS_CSV_COLUMNS, orderRecord } from '../csv/orders-csv';
import { peopleOrderRecord, peopleOrdersColumns, peopleSalesColumns } from '../csv/people-format';
import { SALES_REPORT_CSV_COLUMNS, salesRecord } from '../csv/sales-report-csv';
import { type ExportFile, notificationKey, type ReportRange } from '../domain/export-file';
import { ExportFileBusyError } from '../domain/exports.errors';
import { parseIsoDate } from '../domain/report-range';
import { ExportFilesRepository, MAX_READY_PER_TENANT } from '../persistence/export-files.repository';
import { DownloadLinks } from '../links/download-links';
import { exportReadyNotification } from '../notifications/export-ready.notification';
import { reportReadyNotification } from '../notifications/report-ready.notification';

interface FileContents {
  columns: readonly string[];
  source: Readable;
  record: (row: unknown) => string[];
}

/**
 * Writes one export or report file and tells its requester. The whole run is one transaction:
 * it holds the file's production lock, reads the orders from a cursor on its connection, and at
 * the end marks the file ready and writes the notification, so a file is ready exactly when its
 * notification exists. The CSV goes to the database in chunks as it is produced (see
 * ChunkedFileWriter): nothing holds the whole file. Marking a file ready also deletes the shop's
 * oldest ready files beyond MAX_READY_PER_TENANT.
 */
@Injectable()
export class ExportFileProducer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: ExportFilesRepository,
    private readonly orders: OrdersExportRepository,
    private readonly users: UsersQueries,
    private readonly links: DownloadLinks,
    private readonly notifier: Notifier,
  ) {}

  async produce(fileId: string): Promise<void> {
    const file = await this.files.start(fileId);
    if (!file) return; // finished by an earlier run, or deleted: nothing to do
    await inTransaction(this.dataSource, async (manager) => {
      if (!(await this.files.lockForProduction(manager, file.id))) throw new ExportFileBusyError(file.id);
      await this.files.discardChunks(file.id);
      const { columns, source, record } = await this.contents(manager, file);
      let rowCount = 0;
      const records = new Transform({
        objectMode: true,
        transform(row: unknown, _encoding, done) {
          rowCount += 1;
          done(null, record(row));
        },
      });
      const writer = this.files.writer(file.id);
      await pipeline(source, records, csvStringifier(columns), writer);
      const ready = await this.files.markReady(manager, file.id, { rowCount, ...writer.written });
      if (!ready) return;
      await this.files.keepNewestReady(manager, ready.tenantId, MAX_READY_PER_TENANT);
      await this.notify(manager, ready);
    });
  }

  /** What the file holds: its columns, its rows (read on `manager`'s connection) and how a row becomes a record. */
  private async contents(manager: EntityManager, file: ExportFile): Promise<FileContents> {
    const { language } = file.params;
    if (file.kind === 'orders_export') {
      if (language) {
        // For people: in the shop's time zone (read before the cursor takes the connection).
        const timeZone = shopTimezone((await this.users.tenantAdmins(manager, file.tenantId))?.timezone);
        return {
          columns: peopleOrdersColumns(language),
          source: await this.orders.streamForExport(manager, file.tenantId, { withBranch: true }),
          record: (row) => peopleOrderRecord(row as OrderExportRow, language, timeZone),
        };
      }
      return {
        columns: ORDERS_CSV_COLUMNS,
        source: await this.orders.streamForExport(manager, file.tenantId),
        record: (row) => orderRecord(row as OrderExportRow),
      };
    }
    const range = file.params;
    if (!range.from || !range.to || !parseIsoDate(range.from) || !parseIsoDate(range.to)) {
      // Checked when asked for; a retry could not mend it.
      throw new UnrecoverableError(`Report ${file.id} has no valid range: ${JSON.stringify(range)}`);
    }
    // At most 366 days: small enough to read at once.
    const days = await this.orders.dailySales(manager, file.tenantId, range.from, range.to);
    const columns = language ? peopleSalesColumns(language) : SALES_REPORT_CSV_COLUMNS;
    return { columns, source: Readable.from(days), record: (row) => salesRecord(row as DailySalesRow) };
  }

  /** The requester only, and only while still on the shop's team: the link gives the shop's data. */
  private async notify(manager: EntityManager, file: ExportFile): Promise<void> {
    const member = await this.users.tenantMember(manager, file.tenantId, file.userId);
    if (!member) return;
    const link = this.links.issue(file);
    const message: NotificationMessage =
      file.kind === 'orders_export'
        ? exportReadyNotification(file.id, link)
        : reportReadyNotification(
            file.id,
            file.params as ReportRange,
            { name: member.tenantName, language: member.language, timezone: member.timezone },
            link,
          );
    await this.notifier.notify(manager, { key: notificationKey(file), tenantId: file.tenantId, recipients: [member.recipient], message });
  }
}
