import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { PlainBody } from '@common/http/body-validation.pipe';
import { IsDbInt } from '@common/http/is-db-int.decorator';
import { MAX_INTEGER_ID } from '@common/http/resource-ids';

export const TRACK_TYPES = ['whatsapp_click', 'call', 'location_view', 'cart_add', 'social_share', 'conversion', 'purchase'] as const;
export const INTERACTION_TYPES = ['view', 'whatsapp_click', 'call_click', 'maps_click'] as const;

// The two event bodies are the hottest public routes: `@PlainBody` lets a body these decorators
// accept skip class-transformer and class-validator, by a check compiled from the decorators themselves.
@PlainBody()
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

@PlainBody()
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
