import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
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
import { IsTwoDecimalNumber } from '@common/money/is-money.decorator';
import { CartItemDto } from '@modules/catalog';
import { CouponCustomerFieldsDto } from '@modules/coupons';

const SESSION = { description: 'Client-generated checkout session id (8-128 characters)', minLength: 8, maxLength: 128 };
const TENANT = { description: 'The shop, by id; else the X-Tenant-ID or X-Tenant-Slug header' };
const MONEY = { type: 'number', minimum: 0, maximum: 99_999_999 } as const;

export class SessionFieldsDto {
  @ApiProperty(SESSION)
  @IsString()
  @Length(8, 128)
  session_id: string;

  @ApiPropertyOptional(TENANT)
  @IsOptional()
  @IsString()
  tenant_id?: string;
}

export class ValidateCouponDto extends CouponCustomerFieldsDto {
  @ApiProperty(SESSION)
  @IsString()
  @Length(8, 128)
  session_id: string;

  @ApiPropertyOptional(TENANT)
  @IsOptional()
  @IsString()
  tenant_id?: string;

  @ApiProperty({ minLength: 1, maxLength: 50, description: 'Case-insensitive' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  code: string;

  @ApiPropertyOptional({
    ...MONEY,
    description:
      "At most two decimals. Defaults to the session's cart (from cart-summary) priced from the catalog; required when the session has no cart",
  })
  @IsOptional()
  @IsTwoDecimalNumber()
  @Min(0)
  @Max(99_999_999)
  cart_subtotal?: number;
}

export class CartSummaryDto extends SessionFieldsDto {
  @ApiProperty({
    type: [CartItemDto],
    maxItems: 50,
    description:
      'The cart lines, as every endpoint that takes items takes them; each an active product of the shop. Only product_id and quantity are kept',
  })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  items: CartItemDto[];

  @ApiProperty({ ...MONEY, description: 'At most two decimals. Echoed in the answer, never stored or used for pricing' })
  @IsTwoDecimalNumber()
  @Min(0)
  @Max(99_999_999)
  subtotal: number;
}

export class HoldInventoryDto {
  @ApiProperty({ type: [CartItemDto], minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  items: CartItemDto[];

  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the tenant's active primary location" })
  @IsOptional()
  @IsUUID('all')
  location_id?: string;

  @ApiPropertyOptional({ ...SESSION, description: 'A new hold for the same session replaces the old one; generated when absent' })
  @IsOptional()
  @IsString()
  @Length(8, 128)
  session_id?: string;

  @ApiPropertyOptional(TENANT)
  @IsOptional()
  @IsString()
  tenant_id?: string;
}
