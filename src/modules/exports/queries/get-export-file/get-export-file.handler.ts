import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ExportNotFoundError } from '@modules/exports/domain/exports.errors';
import type { ExportFileResource } from '@modules/exports/dto/export-file.resource';
import { ExportFilesRepository } from '@modules/exports/persistence/export-files.repository';
import { DownloadLinks } from '@modules/exports/links/download-links';
import { GetExportFileQuery } from './get-export-file.query';

/** One file of the shop: where it stands, and (once ready) a new signed link, since the notified one is short-lived. */
@QueryHandler(GetExportFileQuery)
export class GetExportFileHandler implements IQueryHandler<GetExportFileQuery, ExportFileResource> {
  constructor(
    private readonly files: ExportFilesRepository,
    private readonly links: DownloadLinks,
  ) {}

  async execute({ tenantId, fileId }: GetExportFileQuery): Promise<ExportFileResource> {
    const file = await this.files.find(tenantId, fileId);
    if (!file) throw new ExportNotFoundError();
    // A file past its 7 days is no longer served (the cleanup deletes it soon): no link to it.
    const link = file.status === 'ready' && file.expiresAt.getTime() > Date.now() ? this.links.issue(file) : null;
    return {
      id: file.id,
      kind: file.kind,
      status: file.status,
      row_count: file.rowCount,
      byte_size: file.byteSize,
      from: file.params.from ?? null,
      to: file.params.to ?? null,
      created_at: file.createdAt.toISOString(),
      completed_at: file.completedAt?.toISOString() ?? null,
      expires_at: file.expiresAt.toISOString(),
      download_url: link?.url ?? null,
      download_url_expires_at: link?.expiresAt.toISOString() ?? null,
    };
  }
}
