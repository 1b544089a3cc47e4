import { ApiProperty } from '@nestjs/swagger';
import { EXPORT_KINDS, EXPORT_STATUSES, type ExportKind, type ExportStatus } from '../domain/export-file';

/** An export or report file as its shop sees it; a ready file comes with a freshly signed link. */
export class ExportFileResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: EXPORT_KINDS })
  kind: ExportKind;

  @ApiProperty({ enum: EXPORT_STATUSES })
  status: ExportStatus;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    nullable: true,
    description: 'Data rows of the CSV (the header not counted); null until ready',
  })
  row_count: number | null;

  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, description: 'Size of the CSV in bytes; null until ready' })
  byte_size: number | null;

  @ApiProperty({ type: 'string', format: 'date', nullable: true, description: 'Sales reports: the first day covered (UTC); else null' })
  from: string | null;

  @ApiProperty({ type: 'string', format: 'date', nullable: true, description: 'Sales reports: the last day covered (UTC); else null' })
  to: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the file was ready (or failed); null before' })
  completed_at: string | null;

  @ApiProperty({ format: 'date-time', description: 'When the file is deleted (7 days after it was asked for)' })
  expires_at: string;

  @ApiProperty({
    type: 'string',
    format: 'uri',
    nullable: true,
    description: 'A freshly signed download link once the file is ready; else null',
  })
  download_url: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When `download_url` stops working; null with it' })
  download_url_expires_at: string | null;
}

export class ExportFileResponse {
  @ApiProperty({ type: ExportFileResource })
  data: ExportFileResource;
}

export class ExportRequestedAnswer {
  @ApiProperty({ format: 'uuid', description: 'The file: `GET /api/v1/exports/{id}` tells where it stands' })
  export_id: string;
}

export class ReportRequestedAnswer {
  @ApiProperty({ format: 'uuid', description: 'The file: `GET /api/v1/exports/{id}` tells where it stands' })
  report_id: string;
}
