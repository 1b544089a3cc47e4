import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type CursorField, decodeCursor, encodeCursor } from '@common/http/pagination';
import { listedAs } from '@modules/exports/domain/export-file';
import type { ExportListResponse } from '@modules/exports/dto/export-file.resource';
import { ExportFilesRepository } from '@modules/exports/persistence/export-files.repository';
import { ListExportsQuery } from './list-exports.query';

export const EXPORTS_PATH = '/api/v1/exports';

/** created_at (microseconds), id: the list's order, newest first. */
const SORT_KEY: readonly CursorField[] = ['timestamp', 'uuid'];

/**
 * One page of the shop's exports and reports. A ready file carries no link here: the file's own
 * read (`GET /api/v1/exports/{id}`) signs one when it is wanted, so a list never hands out more
 * live links than were asked for.
 */
@QueryHandler(ListExportsQuery)
export class ListExportsHandler implements IQueryHandler<ListExportsQuery, ExportListResponse> {
  constructor(private readonly files: ExportFilesRepository) {}

  async execute({ tenantId, cursor, limit }: ListExportsQuery): Promise<ExportListResponse> {
    const after = cursor === undefined ? null : decodeCursor(EXPORTS_PATH, cursor, SORT_KEY);
    const rows = await this.files.page(tenantId, after && { micros: after[0] as string, id: after[1] as string }, limit + 1);
    const shown = rows.slice(0, limit);
    const now = new Date();
    const last = shown[shown.length - 1];
    return {
      data: shown.map(({ file }) => ({
        id: file.id,
        ...listedAs(file, now),
        created_at: file.createdAt.toISOString(),
        ready_at: file.status === 'ready' ? (file.completedAt?.toISOString() ?? null) : null,
        row_count: file.rowCount,
      })),
      next_cursor: rows.length > limit ? encodeCursor(EXPORTS_PATH, [last.micros, last.file.id]) : null,
    };
  }
}
