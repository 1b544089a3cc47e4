import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONVERSION_STATUSES, type ConversionStatus } from '../domain/conversion-beacon';

/** What the analytics routes answer (spec 4.4, decisions §7). */

export class EventAcceptedAnswer {
  @ApiProperty({ type: 'boolean', description: 'Always true' })
  success: true;

  @ApiProperty({ example: 'Event accepted.' })
  message: string;
}

/** 404 `{ message, success: false }`: the shop is not public. */
export class EventShopUnavailable {
  @ApiProperty({ example: 'This shop is not available.' })
  message: string;

  @ApiProperty({ type: 'boolean', description: 'Always false' })
  success: false;
}

/**
 * A conversion beacon as a storefront sends it, as JSON or as text/plain JSON (navigator.sendBeacon).
 * Every field is optional and none is refused: a value that does not fit is replaced by its default.
 */
export class ConversionBeaconBody {
  @ApiPropertyOptional({ description: 'The shop, by slug; the beacon is skipped without a known one', example: 'my-shop' })
  tenant_slug?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    description: 'Echoed in the answer; one conversion is stored per shop and transaction (its first 255 characters)',
  })
  transaction_id?: string | number;

  @ApiPropertyOptional({ pattern: '^[a-z_]{1,32}$', default: 'purchase' })
  event?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: 'The amount, 0 to 9999999999.99, rounded to two decimals; anything else stores 0.00',
  })
  value?: number | string;

  @ApiPropertyOptional({ pattern: '^[A-Za-z]{3}$', default: 'HNL', description: 'ISO 4217 code, stored in upper case' })
  currency?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the conversion happened (YYYY-MM-DD…); default: now' })
  timestamp?: string;
}

export class ConversionAnswer {
  @ApiProperty({
    enum: CONVERSION_STATUSES,
    description: '`ok`: queued to be stored; `skipped`: unknown or missing shop, or a body that is not a JSON object',
  })
  status: ConversionStatus;

  @ApiProperty({ type: 'string', nullable: true, description: "The request's transaction_id as text; null when it sent none" })
  transaction_id: string | null;
}

export class InteractionRecordedAnswer {
  @ApiProperty({ enum: ['success'] })
  status: 'success';
}

export class InteractionAcceptedAnswer {
  @ApiProperty({ enum: ['accepted'] })
  status: 'accepted';
}
