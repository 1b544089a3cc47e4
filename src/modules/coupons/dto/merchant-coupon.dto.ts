import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsDbInt } from '@common/http/is-db-int.decorator';
import { MAX_INTEGER_ID } from '@common/http/resource-ids';
import { IsIsoTimestamp } from '@common/http/is-iso-timestamp.decorator';
import { OptionalNonNull } from '@common/http/optional-non-null.decorator';
import { IsMoney, MAX_MONEY } from '@common/money/is-money.decorator';
import { COUPON_TYPES, CouponType, normalizeCouponCode } from '../domain/coupon-evaluation';

const MAX_EXCLUSIONS = 1000;

export class CreateCouponDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 50,
    example: 'WELCOME10',
    description: 'Trimmed and stored upper-case; letters, digits, - and _',
  })
  @Transform(({ value }) => (typeof value === 'string' ? normalizeCouponCode(value) : value))
  @IsString()
  @IsNotEmpty({ message: 'The code field is required.' })
  @MaxLength(50, { message: 'The code may not be greater than 50 characters.' })
  @Matches(/^[A-Z0-9_-]*$/, { message: 'The code may only contain letters, digits, dashes and underscores.' })
  code: string;

  @ApiProperty({ enum: COUPON_TYPES })
  @IsIn(COUPON_TYPES, { message: `The coupon_type must be one of: ${COUPON_TYPES.join(', ')}.` })
  coupon_type: CouponType;

  @ApiPropertyOptional({
    type: 'number',
    minimum: 0,
    maximum: MAX_MONEY,
    description:
      'Percent off (at most 100) or amount off, at most two decimals; a new coupon needs it unless free_shipping (then 0 when left out)',
  })
  @ValidateIf((coupon: CreateCouponDto, value: unknown) => value !== undefined || coupon.coupon_type !== 'free_shipping')
  @IsMoney()
  value?: number;

  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    minimum: 0,
    maximum: MAX_MONEY,
    description: 'Smallest cart subtotal the coupon applies to; at most two decimals',
  })
  @IsOptional()
  @IsMoney()
  min_spend?: number | null;

  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    minimum: 0,
    maximum: MAX_MONEY,
    description: 'Cap of a percentage discount; at most two decimals',
  })
  @IsOptional()
  @IsMoney()
  max_discount?: number | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, format: 'date-time', description: 'ISO 8601; UTC when it names no offset' })
  @IsOptional()
  @IsIsoTimestamp()
  starts_at?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, format: 'date-time', description: 'ISO 8601, after starts_at' })
  @IsOptional()
  @IsIsoTimestamp()
  expires_at?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_INTEGER_ID,
    description: 'Total uses allowed (not below times_used); null: unlimited',
  })
  @IsOptional()
  @IsDbInt({ min: 0 })
  usage_limit?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_INTEGER_ID,
    description: 'Uses allowed per customer; null: unlimited',
  })
  @IsOptional()
  @IsDbInt()
  per_customer_limit?: number | null;

  @ApiPropertyOptional({ description: 'true when a new coupon leaves it out' })
  @OptionalNonNull()
  @IsBoolean({ message: 'The is_active field must be true or false.' })
  is_active?: boolean;

  @ApiPropertyOptional({ description: 'Listed by GET /api/v1/coupons; false when a new coupon leaves it out' })
  @OptionalNonNull()
  @IsBoolean({ message: 'The is_public field must be true or false.' })
  is_public?: boolean;

  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    minimum: 1,
    maximum: MAX_INTEGER_ID,
    maxItems: MAX_EXCLUSIONS,
    description: "Ids of this shop's products the coupon does not apply to; none when a new coupon leaves it out",
  })
  @OptionalNonNull()
  @IsArray({ message: 'The excluded_product_ids must be an array of product ids.' })
  @ArrayMaxSize(MAX_EXCLUSIONS)
  @IsDbInt({ each: true })
  excluded_product_ids?: number[];

  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    minimum: 1,
    maximum: MAX_INTEGER_ID,
    maxItems: MAX_EXCLUSIONS,
    description: "Ids of this shop's categories the coupon does not apply to; none when a new coupon leaves it out",
  })
  @OptionalNonNull()
  @IsArray({ message: 'The excluded_category_ids must be an array of category ids.' })
  @ArrayMaxSize(MAX_EXCLUSIONS)
  @IsDbInt({ each: true })
  excluded_category_ids?: number[];
}

/** Any subset of the creation fields; `null` only where the field is nullable. times_used is never the client's. */
export class UpdateCouponDto extends PartialType(CreateCouponDto, { skipNullProperties: false }) {}

export class CouponResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'WELCOME10' })
  code: string;

  @ApiProperty({ enum: COUPON_TYPES })
  coupon_type: CouponType;

  @ApiProperty({ type: 'number', minimum: 0, example: 10, description: 'Percent off or amount off (two decimals); 0 for free_shipping' })
  value: number;

  @ApiProperty({ type: 'number', nullable: true, minimum: 0, description: 'Two decimals' })
  min_spend: number | null;

  @ApiProperty({ type: 'number', nullable: true, minimum: 0, description: 'Two decimals' })
  max_discount: number | null;

  @ApiProperty({ type: 'string', nullable: true, format: 'date-time' })
  starts_at: string | null;

  @ApiProperty({ type: 'string', nullable: true, format: 'date-time' })
  expires_at: string | null;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 0 })
  usage_limit: number | null;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Orders that used the coupon (read-only)' })
  times_used: number;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 })
  per_customer_limit: number | null;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty()
  is_public: boolean;

  @ApiProperty({ type: 'integer', isArray: true })
  excluded_product_ids: number[];

  @ApiProperty({ type: 'integer', isArray: true })
  excluded_category_ids: number[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class CouponResponse {
  @ApiProperty({ type: CouponResource })
  data: CouponResource;
}
