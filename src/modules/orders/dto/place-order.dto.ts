import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { OptionalNonNull } from '@common/http/optional-non-null.decorator';
import { IsTwoDecimalNumber } from '@common/money/is-money.decorator';
import { centsToNumber, MAX_STORED_CENTS } from '@common/money/money';
import { CartItemDto } from '@modules/catalog';

export const DELIVERY_TYPES = ['pickup', 'delivery'] as const;
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card', 'pending'] as const;

export class PlaceOrderDto {
  @ApiPropertyOptional({
    description: 'Tenant UUID; else the X-Tenant-ID or X-Tenant-Slug header. One that names no open shop is a 422 on tenant_id',
  })
  @IsOptional()
  @IsString()
  tenant_id?: string;

  @ApiProperty({ minLength: 1, maxLength: 255 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  customer_name: string;

  @ApiProperty({ minLength: 1, maxLength: 20 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  customer_phone: string;

  @ApiPropertyOptional({ format: 'email', maxLength: 255 })
  @IsOptional()
  @IsEmail()
  @MaxLength(255)
  customer_email?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  customer_address?: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  customer_notes?: string;

  @ApiProperty({ enum: DELIVERY_TYPES })
  @IsIn(DELIVERY_TYPES, { message: 'The delivery_type must be pickup or delivery.' })
  delivery_type: (typeof DELIVERY_TYPES)[number];

  @ApiPropertyOptional({
    enum: PAYMENT_METHODS,
    default: 'pending',
    description: "One of the shop's `payment_methods` (GET /api/v1/storefront/{slug}), or `pending`; any other is a 422",
  })
  @IsOptional()
  @IsIn(PAYMENT_METHODS)
  payment_method?: (typeof PAYMENT_METHODS)[number];

  @ApiPropertyOptional({ maxLength: 50, description: 'Upper-cased before validation' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  coupon_code?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the tenant's active primary location" })
  @IsOptional()
  @IsUUID('all')
  location_id?: string;

  @ApiPropertyOptional({ minLength: 8, maxLength: 128, description: 'Checkout session whose inventory hold this order converts' })
  @IsOptional()
  @IsString()
  @Length(8, 128)
  session_id?: string;

  @ApiPropertyOptional({
    type: 'number',
    minimum: 0,
    maximum: centsToNumber(MAX_STORED_CENTS),
    example: 570,
    description:
      'The total the shopper was shown (at most two decimals). When the order would have another total (a price, the coupon or ' +
      'the delivery fee changed), nothing is placed and the answer is 409 `price_changed` with the current `total`',
  })
  @OptionalNonNull()
  @IsTwoDecimalNumber({ message: 'The expected total must be a number with at most two decimals.' })
  @Min(0, { message: 'The expected total must be at least 0.' })
  @Max(centsToNumber(MAX_STORED_CENTS), { message: `The expected total may not be greater than ${centsToNumber(MAX_STORED_CENTS)}.` })
  expected_total?: number;

  @ApiProperty({ type: [CartItemDto], minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1, { message: 'The order needs at least one item.' })
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  items: CartItemDto[];
}
