import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalNonNull } from '@common/http/optional-non-null.decorator';
import { IsMoney, MAX_MONEY } from '@common/money/is-money.decorator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateLocationDto {
  @ApiProperty({ maxLength: 255, example: 'Centro' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'The name field is required.' })
  @MaxLength(255, { message: 'The name may not be greater than 255 characters.' })
  name: string;

  @ApiPropertyOptional({ maxLength: 500, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'The address may not be greater than 500 characters.' })
  address?: string | null;

  @ApiPropertyOptional({
    default: false,
    description: "true makes this the shop's primary location; the previous primary stops being primary",
  })
  @OptionalNonNull()
  @IsBoolean({ message: 'The is_primary field must be true or false.' })
  is_primary?: boolean;

  @ApiPropertyOptional({ default: true })
  @OptionalNonNull()
  @IsBoolean({ message: 'The is_active field must be true or false.' })
  is_active?: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_MONEY, default: 0, description: 'Charged on delivery orders' })
  @OptionalNonNull()
  @IsMoney()
  delivery_fee?: number;
}

export class UpdateLocationDto extends PartialType(CreateLocationDto, { skipNullProperties: false }) {}

export class LocationResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ nullable: true, type: String })
  address: string | null;

  @ApiProperty()
  is_primary: boolean;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty({ example: 50 })
  delivery_fee: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class LocationResponse {
  @ApiProperty({ type: LocationResource })
  data: LocationResource;
}
