import type { ExportKind, ExportStatus } from '../domain/export-file';

/** An export or report file as its shop sees it; a ready file comes with a freshly signed link. */
export interface ExportFileResource {
  id: string;
  kind: ExportKind;
  status: ExportStatus;
  /** Data rows of the CSV (the header not counted); null until ready. */
  row_count: number | null;
  byte_size: number | null;
  /** Sales reports: the days covered. */
  from: string | null;
  to: string | null;
  created_at: string;
  completed_at: string | null;
  /** When the file is deleted. */
  expires_at: string;
  download_url: string | null;
  download_url_expires_at: string | null;
}
