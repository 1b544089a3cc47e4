import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDbInt } from '@common/http/is-db-int.decorator';
import { IsImageUrl } from '@common/http/upload-urls';
import { MAX_INTEGER_ID } from '@common/http/resource-ids';
import { OptionalNonNull } from '@common/http/optional-non-null.decorator';
import { IsMoney, MAX_MONEY } from '@common/money/is-money.decorator';

const PRODUCT_DESCRIPTION_MAX = 5000;
const PRODUCT_IMAGE_URL_MAX = 2048;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateProductDto {
  @ApiProperty({ minLength: 1, maxLength: 255, example: 'Espresso', description: 'Trimmed' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'The name field is required.' })
  @MaxLength(255, { message: 'The name may not be greater than 255 characters.' })
  name: string;

  @ApiProperty({ type: 'number', minimum: 0, maximum: MAX_MONEY, example: 45.5, description: 'At most two decimals' })
  @IsMoney()
  price: number;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: PRODUCT_DESCRIPTION_MAX,
    description: 'Shown on the storefront and searched there; null removes it',
  })
  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(PRODUCT_DESCRIPTION_MAX, { message: `The description may not be greater than ${PRODUCT_DESCRIPTION_MAX} characters.` })
  description?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
    maxLength: PRODUCT_IMAGE_URL_MAX,
    example: 'https://cdn.example.com/espresso.jpg',
    description:
      "The product's picture on the storefront: an https:// URL, or the `url` of an upload (POST /api/v1/merchant/uploads, " +
      'http:// when APP_URL is); null removes it',
  })
  @IsOptional()
  @IsString({ message: 'The image url must be a string.' })
  @MaxLength(PRODUCT_IMAGE_URL_MAX, { message: `The image url may not be greater than ${PRODUCT_IMAGE_URL_MAX} characters.` })
  @IsImageUrl({ message: 'The image url must be an https:// URL.' })
  image_url?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: MAX_INTEGER_ID, example: 3 })
  @IsOptional()
  @IsDbInt()
  category_id?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_INTEGER_ID,
    description: 'Units in stock; null means stock is not tracked',
  })
  @IsOptional()
  @IsDbInt({ min: 0 })
  stock?: number | null;

  @ApiPropertyOptional({ description: 'true when a new product leaves it out' })
  @OptionalNonNull()
  @IsBoolean({ message: 'The is_active field must be true or false.' })
  is_active?: boolean;
}

/** Any subset of the creation fields; `null` only where the field is nullable. A field left out is unchanged. */
export class UpdateProductDto extends PartialType(CreateProductDto, { skipNullProperties: false }) {}

export class ProductResource {
  @ApiProperty({ type: 'integer', minimum: 1, example: 17 })
  id: number;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: 'string', nullable: true, maxLength: PRODUCT_DESCRIPTION_MAX })
  description: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    format: 'uri',
    maxLength: PRODUCT_IMAGE_URL_MAX,
    description: "An https:// URL, or one of this service's upload URLs",
  })
  image_url: string | null;

  @ApiProperty({ type: 'number', minimum: 0, example: 45.5, description: 'At most two decimals' })
  price: number;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 })
  category_id: number | null;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, description: 'Units in stock; null: not tracked' })
  stock: number | null;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class ProductResponse {
  @ApiProperty({ type: ProductResource })
  data: ProductResource;
}
