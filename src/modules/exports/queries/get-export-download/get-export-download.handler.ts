import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { downloadFilename } from '@modules/exports/domain/export-file';
import { ExportNotFoundError } from '@modules/exports/domain/exports.errors';
import { DownloadLinks } from '@modules/exports/links/download-links';
import { ExportFilesRepository } from '@modules/exports/persistence/export-files.repository';
import { GetExportDownloadQuery } from './get-export-download.query';

/** A ready file to stream: its name, its size and its bytes, read one chunk at a time as they are consumed. */
export interface ExportDownload {
  filename: string;
  byteSize: number | null;
  content: AsyncGenerator<Buffer>;
}

/** Checks the link's signature (403), then finds the ready file it names (404 when not ready or deleted). */
@QueryHandler(GetExportDownloadQuery)
export class GetExportDownloadHandler implements IQueryHandler<GetExportDownloadQuery, ExportDownload> {
  constructor(
    private readonly links: DownloadLinks,
    private readonly files: ExportFilesRepository,
  ) {}

  async execute({ fileId, expires, signature }: GetExportDownloadQuery): Promise<ExportDownload> {
    this.links.verify(fileId, expires, signature);
    const file = await this.files.findReady(fileId);
    if (!file) throw new ExportNotFoundError();
    return { filename: downloadFilename(file), byteSize: file.byteSize, content: this.files.read(file) };
  }
}
