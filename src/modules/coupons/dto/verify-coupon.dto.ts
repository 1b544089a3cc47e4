import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsTwoDecimalNumber } from '@common/money/is-money.decorator';
import { CartItemDto } from '@modules/catalog';

/** Fields shared by coupon verification and the checkout's validate-coupon. */
export class CouponCustomerFieldsDto {
  @ApiPropertyOptional({
    format: 'email',
    maxLength: 255,
    description: 'Identifies the customer for per-customer limits when not signed in',
  })
  @IsOptional()
  @IsEmail()
  @MaxLength(255)
  customer_email?: string;

  @ApiPropertyOptional({ maxLength: 20, description: 'Identifies the customer when neither signed in nor giving an email' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  customer_phone?: string;

  @ApiPropertyOptional({
    type: [CartItemDto],
    maxItems: 100,
    description: 'The cart lines (as an order takes them), for product/category exclusions',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  items?: CartItemDto[];
}

export class VerifyCouponDto extends CouponCustomerFieldsDto {
  @ApiProperty({ format: 'uuid', description: "The shop's tenant id; one that names no open shop is a 422 on tenant_id" })
  @IsString()
  @IsNotEmpty({ message: 'The tenant_id field is required.' })
  tenant_id: string;

  @ApiProperty({ minLength: 1, maxLength: 50, description: 'Any case' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  code: string;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 99_999_999, description: 'At most two decimals' })
  @IsTwoDecimalNumber({ message: 'The cart_subtotal must be a number with at most two decimals.' })
  @Min(0)
  @Max(99_999_999)
  cart_subtotal: number;
}
