import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INVALID_CURSOR_MESSAGE } from '@common/http/pagination';
import {
  EXPORT_KINDS,
  EXPORT_STATUSES,
  type ExportKind,
  type ExportStatus,
  LISTED_EXPORT_KINDS,
  LISTED_EXPORT_STATUSES,
  type ListedExportKind,
  type ListedExportStatus,
} from '../domain/export-file';

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

export const EXPORTS_PER_PAGE = 20;
const MAX_EXPORTS_PER_PAGE = 100;

export class ListExportsQueryDto {
  @ApiPropertyOptional({ maxLength: 200, description: 'The `next_cursor` of the previous page (opaque)' })
  @IsOptional()
  @IsString({ message: 'The cursor must be a string.' })
  @MaxLength(200, { message: INVALID_CURSOR_MESSAGE })
  cursor?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_EXPORTS_PER_PAGE, default: EXPORTS_PER_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The limit must be an integer.' })
  @Min(1, { message: 'The limit must be at least 1.' })
  @Max(MAX_EXPORTS_PER_PAGE, { message: `The limit may not be greater than ${MAX_EXPORTS_PER_PAGE}.` })
  limit?: number;
}

/** One file in the shop's list (decisions §17). */
export class ExportListItem {
  @ApiProperty({ format: 'uuid', description: 'Its `GET /api/v1/exports/{id}` gives a download link once ready' })
  id: string;

  @ApiProperty({ enum: LISTED_EXPORT_KINDS })
  kind: ListedExportKind;

  @ApiProperty({
    enum: LISTED_EXPORT_STATUSES,
    description: '`expired`: its 7 days are over (the file is no longer served), until the daily cleanup deletes it',
  })
  status: ListedExportStatus;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the file was ready; null unless it is' })
  ready_at: string | null;

  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, description: 'Data rows of the CSV; null until ready' })
  row_count: number | null;
}

export class ExportListResponse {
  @ApiProperty({ type: ExportListItem, isArray: true, description: 'Newest first' })
  data: ExportListItem[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `cursor` for the next page; null on the last' })
  next_cursor: string | null;
}
