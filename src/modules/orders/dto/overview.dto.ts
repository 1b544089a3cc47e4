import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, ValidateBy } from 'class-validator';
import { canonicalTimeZone, TIME_ZONE_MAX_LENGTH } from '@common/util/time-zone';

export class OverviewQueryDto {
  @ApiPropertyOptional({
    maxLength: TIME_ZONE_MAX_LENGTH,
    default: 'UTC',
    example: 'America/Tegucigalpa',
    description: 'The IANA time zone whose days `today` and `daily` count (the browser’s, usually)',
  })
  @IsOptional()
  @IsString({ message: 'The tz must be a string.' })
  @ValidateBy({
    name: 'isTimeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && canonicalTimeZone(value) !== null,
      defaultMessage: () => 'The tz must be an IANA time zone name, such as America/Tegucigalpa.',
    },
  })
  tz?: string;
}

export class SalesFigures {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Orders placed, not cancelled' })
  orders: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'Sum of their totals (two decimals)' })
  sales: number;
}

export class DailySales extends SalesFigures {
  @ApiProperty({ format: 'date', example: '2026-11-26', description: 'A day in `tz`' })
  date: string;
}

export class TopProduct {
  @ApiProperty({ type: 'integer', minimum: 1 })
  product_id: number;

  @ApiProperty({ description: 'The name on its latest sale' })
  name: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Units sold' })
  quantity: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'Sum of its line totals (two decimals)' })
  sales: number;
}

/** The dashboard's first page (decisions §17). Cancelled orders count nowhere. */
export class OverviewResource {
  @ApiProperty({ minLength: 3, maxLength: 3, example: 'HNL' })
  currency: string;

  @ApiProperty({ type: SalesFigures, description: 'Today in `tz` (the last day of `daily`)' })
  today: SalesFigures;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Orders now in status pending, whenever placed' })
  pending_orders: number;

  @ApiProperty({
    type: DailySales,
    isArray: true,
    minItems: 30,
    maxItems: 30,
    description: 'The last 30 days in `tz`, oldest first, every day present',
  })
  daily: DailySales[];

  @ApiProperty({
    type: TopProduct,
    isArray: true,
    maxItems: 5,
    description: 'The five products with the most units sold over the same 30 days (then the most sales, then the lowest id)',
  })
  top_products: TopProduct[];
}

export class OverviewResponse {
  @ApiProperty({ type: OverviewResource })
  data: OverviewResource;
}
