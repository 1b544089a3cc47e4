export const EXPORT_KINDS = ['orders_export', 'sales_report'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How the shop's list of files names them (decisions §17). */
export const LISTED_EXPORT_KINDS = ['orders', 'sales_report'] as const;
export type ListedExportKind = (typeof LISTED_EXPORT_KINDS)[number];
export const LISTED_EXPORT_STATUSES = ['queued', 'processing', 'ready', 'failed', 'expired'] as const;
export type ListedExportStatus = (typeof LISTED_EXPORT_STATUSES)[number];

/**
 * A file as the shop's list shows it: an orders export is `orders`, a running one `processing`, and
 * one whose retention has run out `expired` (its download refused) until the cleanup deletes it.
 */
export function listedAs(
  file: Pick<ExportFile, 'kind' | 'status' | 'expiresAt'>,
  now: Date,
): { kind: ListedExportKind; status: ListedExportStatus } {
  const kind = file.kind === 'orders_export' ? 'orders' : 'sales_report';
  if (file.expiresAt.getTime() <= now.getTime()) return { kind, status: 'expired' };
  return { kind, status: file.status === 'running' ? 'processing' : file.status };
}

/** A sales report's range: UTC calendar days, both inclusive (YYYY-MM-DD). */
export interface ReportRange {
  from: string;
  to: string;
}

/** The languages a file for people is written in (docs/notifications.md, "Exports for people"). */
export const EXPORT_LANGUAGES = ['es', 'en'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/**
 * What the job needs to produce the file: a report's range; and `language` when the file is for
 * people (absent: the machine format).
 */
export type ExportParams = Partial<ReportRange> & { language?: ExportLanguage };

/** A file as the worker and the download read it. */
export interface ExportFile {
  id: string;
  tenantId: string;
  userId: string;
  kind: ExportKind;
  status: ExportStatus;
  params: ExportParams;
  rowCount: number | null;
  byteSize: number | null;
  chunkCount: number | null;
  createdAt: Date;
  completedAt: Date | null;
  expiresAt: Date;
}

const DAY_MS = 86_400_000;

/** Export and report files are deleted this long after they were asked for (decisions §9). */
export const FILE_RETENTION_MS = 7 * DAY_MS;

/** An export's signed link is valid this long (spec 8); a report's, REPORT_URL_TTL_HOURS. */
export const EXPORT_LINK_TTL_MS = 30 * 60_000;

/**
 * The notification key of a file (`export.<id>` / `report.<id>`): keys allow letters, digits, `.`
 * and `_` only, so the uuid's dashes become underscores.
 */
export function notificationKey(file: Pick<ExportFile, 'id' | 'kind'>): string {
  const prefix = file.kind === 'orders_export' ? 'export' : 'report';
  return `${prefix}.${file.id.replace(/-/g, '_')}`;
}

/** What the merchant's browser saves the download as. */
export function downloadFilename(file: Pick<ExportFile, 'kind' | 'params' | 'createdAt'>): string {
  if (file.kind === 'sales_report') return `sales-${file.params.from}-to-${file.params.to}.csv`;
  return `orders-${file.createdAt.toISOString().slice(0, 10)}.csv`;
}
