import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsTwoDecimalNumber } from '@common/money/is-money.decorator';
import { CartItemDto } from '@modules/catalog';

/** Fields shared by coupon verification and the checkout's validate-coupon. */
export class CouponCustomerFieldsDto {
  @ApiPropertyOptional({ description: 'Identifies the customer for per-customer limits when not signed in' })
  @IsOptional()
  @IsEmail()
  @MaxLength(255)
  customer_email?: string;

  @ApiPropertyOptional({ maxLength: 20 })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  customer_phone?: string;

  @ApiPropertyOptional({ type: [CartItemDto], description: 'The cart lines (as an order takes them), for product/category exclusions' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  items?: CartItemDto[];
}

export class VerifyCouponDto extends CouponCustomerFieldsDto {
  @ApiProperty({ format: 'uuid', description: "The shop's tenant id" })
  @IsString()
  @IsNotEmpty({ message: 'The tenant_id field is required.' })
  tenant_id: string;

  @ApiProperty({ maxLength: 50 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  code: string;

  @ApiProperty({ minimum: 0 })
  @IsTwoDecimalNumber({ message: 'The cart_subtotal must be a number with at most two decimals.' })
  @Min(0)
  @Max(99_999_999)
  cart_subtotal: number;
}
