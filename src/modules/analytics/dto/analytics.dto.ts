import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { PlainBody, PlainBodyCheck } from '@common/http/body-validation.pipe';
import { IsDbInt } from '@common/http/is-db-int.decorator';
import { MAX_INTEGER_ID } from '@common/http/resource-ids';

export const TRACK_TYPES = ['whatsapp_click', 'call', 'location_view', 'cart_add', 'social_share', 'conversion', 'purchase'] as const;
export const INTERACTION_TYPES = ['view', 'whatsapp_click', 'call_click', 'maps_click'] as const;

const EVENT_FIELDS: ReadonlySet<string> = new Set(['tenant_id', 'type', 'product_id', 'metadata']);

/**
 * The decorators of the two event bodies below, as one hand-written test (`@PlainBody`): these are
 * the hottest public routes. Strict where class-validator is lenient (a `tenant_id` is measured in
 * UTF-16 units, `null` takes the full path), never the other way round; `analytics.dto.spec.ts`
 * holds it to that.
 */
function plainEventBody(types: readonly string[]): PlainBodyCheck {
  const known: ReadonlySet<unknown> = new Set(types);
  return (body) => {
    for (const key of Object.keys(body)) if (!EVENT_FIELDS.has(key)) return false;
    const { tenant_id: tenant, type, product_id: product, metadata } = body;
    return (
      typeof tenant === 'string' &&
      tenant.length > 0 &&
      tenant.length <= 255 &&
      known.has(type) &&
      (product === undefined || (Number.isInteger(product) && (product as number) >= 1 && (product as number) <= MAX_INTEGER_ID)) &&
      (metadata === undefined || (typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)))
    );
  };
}

@PlainBody(plainEventBody(TRACK_TYPES))
export class TrackEventDto {
  @ApiProperty({ minLength: 1, maxLength: 255, description: 'The shop, by id (UUID) or slug' })
  @IsString()
  @IsNotEmpty({ message: 'The tenant_id field is required.' })
  @MaxLength(255)
  tenant_id: string;

  @ApiProperty({ enum: TRACK_TYPES })
  @IsIn(TRACK_TYPES, { message: `The type must be one of: ${TRACK_TYPES.join(', ')}.` })
  type: (typeof TRACK_TYPES)[number];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_INTEGER_ID,
    description: 'Must be a product of the shop; also merged into metadata',
  })
  @IsOptional()
  @IsDbInt()
  product_id?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Stored as sent; at most 8 KiB as JSON (else 422)' })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

@PlainBody(plainEventBody(INTERACTION_TYPES))
export class InteractionDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 255,
    description: 'The shop, by id (UUID); an unknown or closed shop is accepted (202) without being recorded',
  })
  @IsString()
  @IsNotEmpty({ message: 'The tenant_id field is required.' })
  @MaxLength(255)
  tenant_id: string;

  @ApiProperty({ enum: INTERACTION_TYPES })
  @IsIn(INTERACTION_TYPES, { message: `The type must be one of: ${INTERACTION_TYPES.join(', ')}.` })
  type: (typeof INTERACTION_TYPES)[number];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_INTEGER_ID,
    description: 'A product of the shop; another id is recorded as none',
  })
  @IsOptional()
  @IsDbInt()
  product_id?: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Stored as sent; over 8 KiB as JSON, the interaction is accepted (202) and not recorded',
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
