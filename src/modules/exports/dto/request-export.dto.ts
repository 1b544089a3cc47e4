import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateBy } from 'class-validator';
import { ValidationFailedError } from '@common/errors/domain.error';
import { EXPORT_LANGUAGES, type ExportLanguage } from '../domain/export-file';
import { parseIsoDate } from '../domain/report-range';

const IsIsoDate = () =>
  ValidateBy({
    name: 'isIsoDate',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseIsoDate(value) !== null,
      defaultMessage: () => 'The $property must be a date in the form YYYY-MM-DD.',
    },
  });

const LANGUAGE_MESSAGE = `The language must be one of: ${EXPORT_LANGUAGES.join(', ')}.`;
const LANGUAGE_DESCRIPTION =
  'A file for people in this language: translated headers and values, times in the shop’s time zone with their offset ' +
  '(orders: and a branch column). Left out (or null): the machine format.';

/** `POST /exports/orders`: an empty body is fine; `language` asks for the people's format, any other field is a 422. */
export class RequestOrdersExportDto {
  @ApiPropertyOptional({ enum: EXPORT_LANGUAGES, nullable: true, description: LANGUAGE_DESCRIPTION })
  @IsOptional()
  @IsIn(EXPORT_LANGUAGES, { message: LANGUAGE_MESSAGE })
  language?: ExportLanguage | null;
}

/** `POST /reports/sales`: UTC calendar days, both included; default the last 30 days up to today. */
export class RequestSalesReportDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'date',
    nullable: true,
    example: '2025-01-01',
    description: 'First day (UTC); default (also for null): 29 days before `to`',
  })
  @IsOptional()
  @IsIsoDate()
  from?: string;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date',
    nullable: true,
    example: '2025-01-31',
    description: 'Last day (UTC), on or after `from`, at most 366 days in all; default (also for null): today',
  })
  @IsOptional()
  @IsIsoDate()
  to?: string;

  @ApiPropertyOptional({ enum: EXPORT_LANGUAGES, nullable: true, description: LANGUAGE_DESCRIPTION })
  @IsOptional()
  @IsIn(EXPORT_LANGUAGES, { message: LANGUAGE_MESSAGE })
  language?: ExportLanguage | null;
}

/**
 * The validation pipe lets a JSON array through untouched (it validates objects); these endpoints
 * take an object or nothing.
 */
export function objectBody<T extends object>(body: T | unknown[] | undefined): T | undefined {
  if (Array.isArray(body)) throw ValidationFailedError.field('body', 'The request body must be a JSON object.');
  return body;
}
