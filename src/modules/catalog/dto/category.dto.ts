import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsDbInt } from '@common/http/is-db-int.decorator';
import { MAX_INTEGER_ID } from '@common/http/resource-ids';
import { OptionalNonNull } from '@common/http/optional-non-null.decorator';

export const CATEGORY_NAME_MAX = 120;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateCategoryDto {
  @ApiProperty({
    minLength: 1,
    maxLength: CATEGORY_NAME_MAX,
    example: 'Bebidas',
    description: 'Trimmed; unique in the shop, case aside. The slug is made from it',
  })
  @Transform(trim)
  @IsString({ message: 'The name must be a string.' })
  @IsNotEmpty({ message: 'The name field is required.' })
  @MaxLength(CATEGORY_NAME_MAX, { message: `The name may not be greater than ${CATEGORY_NAME_MAX} characters.` })
  name: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_INTEGER_ID,
    description: 'Where the category is listed (smallest first); after the last one when a new category leaves it out',
  })
  @OptionalNonNull()
  @IsDbInt({ min: 0 })
  position?: number;
}

/** Any subset of the creation fields; a field left out is unchanged. */
export class UpdateCategoryDto extends PartialType(CreateCategoryDto, { skipNullProperties: false }) {}

export class CategoryResource {
  @ApiProperty({ type: 'integer', minimum: 1, example: 3 })
  id: number;

  @ApiProperty({ example: 'Bebidas' })
  name: string;

  @ApiProperty({ example: 'bebidas', description: 'Made from the name (lower case, no accents, words joined by -), unique in the shop' })
  slug: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  position: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'The products in this category, active or not' })
  product_count: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class CategoryResponse {
  @ApiProperty({ type: CategoryResource })
  data: CategoryResource;
}
