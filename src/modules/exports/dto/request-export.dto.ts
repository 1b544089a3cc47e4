import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { ValidationFailedError } from '@common/errors/domain.error';
import { parseIsoDate } from '../domain/report-range';

const IsIsoDate = () =>
  ValidateBy({
    name: 'isIsoDate',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseIsoDate(value) !== null,
      defaultMessage: () => 'The $property must be a date in the form YYYY-MM-DD.',
    },
  });

/** `POST /exports/orders`: nothing to say (an empty body is fine); any field is unknown, so a 422. */
export class RequestOrdersExportDto {}

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
}

/**
 * The validation pipe lets a JSON array through untouched (it validates objects); these endpoints
 * take an object or nothing.
 */
export function objectBody<T extends object>(body: T | unknown[] | undefined): T | undefined {
  if (Array.isArray(body)) throw ValidationFailedError.field('body', 'The request body must be a JSON object.');
  return body;
}
