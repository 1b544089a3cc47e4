import type { ExportFile, ExportKind, ExportParams } from '../domain/export-file';

/** A row of `export_files` as COLUMNS select it. */
export interface ExportFileRow {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: ExportKind;
  status: ExportFile['status'];
  params: ExportParams;
  row_count: number | null;
  byte_size: string | null;
  chunk_count: number | null;
  created_at: Date;
  completed_at: Date | null;
  expires_at: Date;
}

export const COLUMNS =
  'id, tenant_id, user_id, kind, status, params, row_count, byte_size, chunk_count, created_at, completed_at, expires_at';

/** The row as the domain's ExportFile. */
export function toFile(row: ExportFileRow): ExportFile {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    kind: row.kind,
    status: row.status,
    params: row.params,
    rowCount: row.row_count,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
    chunkCount: row.chunk_count,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    expiresAt: row.expires_at,
  };
}
