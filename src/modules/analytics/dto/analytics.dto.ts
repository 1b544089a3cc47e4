import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDbInt } from '@common/http/is-db-int.decorator';

export const TRACK_TYPES = ['whatsapp_click', 'call', 'location_view', 'cart_add', 'social_share', 'conversion', 'purchase'] as const;
export const INTERACTION_TYPES = ['view', 'whatsapp_click', 'call_click', 'maps_click'] as const;

export class TrackEventDto {
  @ApiProperty({ description: 'Tenant UUID or slug' })
  @IsString()
  @IsNotEmpty({ message: 'The tenant_id field is required.' })
  @MaxLength(255)
  tenant_id: string;

  @ApiProperty({ enum: TRACK_TYPES })
  @IsIn(TRACK_TYPES, { message: `The type must be one of: ${TRACK_TYPES.join(', ')}.` })
  type: (typeof TRACK_TYPES)[number];

  @ApiPropertyOptional({ description: 'Must be a product of the tenant; also merged into metadata' })
  @IsOptional()
  @IsDbInt()
  product_id?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class InteractionDto {
  @ApiProperty({ description: 'Tenant UUID' })
  @IsString()
  @IsNotEmpty({ message: 'The tenant_id field is required.' })
  @MaxLength(255)
  tenant_id: string;

  @ApiProperty({ enum: INTERACTION_TYPES })
  @IsIn(INTERACTION_TYPES, { message: `The type must be one of: ${INTERACTION_TYPES.join(', ')}.` })
  type: (typeof INTERACTION_TYPES)[number];

  @ApiPropertyOptional()
  @IsOptional()
  @IsDbInt()
  product_id?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
