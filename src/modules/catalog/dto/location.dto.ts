import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsPhoneNumber, PHONE_MAX_LENGTH } from '@common/http/contact-fields';
import { OptionalNonNull } from '@common/http/optional-non-null.decorator';
import { IsMoney, MAX_MONEY } from '@common/money/is-money.decorator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateLocationDto {
  @ApiProperty({ minLength: 1, maxLength: 255, example: 'Centro', description: 'Trimmed' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'The name field is required.' })
  @MaxLength(255, { message: 'The name may not be greater than 255 characters.' })
  name: string;

  @ApiPropertyOptional({ type: 'string', maxLength: 500, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'The address may not be greater than 500 characters.' })
  address?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: PHONE_MAX_LENGTH,
    example: '+504 2222-3333',
    description:
      'The branch\'s phone: 7 to 20 characters of digits, spaces, +, -, ( and ), at least 7 of them digits; null or "" clears it',
  })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'The phone must be a string.' })
  @IsPhoneNumber('phone')
  phone?: string | null;

  @ApiPropertyOptional({
    description:
      "true makes this the shop's primary location; the previous primary stops being primary. false when a new location leaves it out",
  })
  @OptionalNonNull()
  @IsBoolean({ message: 'The is_primary field must be true or false.' })
  is_primary?: boolean;

  @ApiPropertyOptional({ description: 'true when a new location leaves it out' })
  @OptionalNonNull()
  @IsBoolean({ message: 'The is_active field must be true or false.' })
  is_active?: boolean;

  @ApiPropertyOptional({
    type: 'number',
    minimum: 0,
    maximum: MAX_MONEY,
    description: 'Charged on delivery orders; at most two decimals. 0 when a new location leaves it out',
  })
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

  @ApiProperty({ type: 'string', nullable: true })
  address: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: PHONE_MAX_LENGTH, example: '+504 2222-3333' })
  phone: string | null;

  @ApiProperty()
  is_primary: boolean;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty({ type: 'number', minimum: 0, example: 50, description: 'Charged on delivery orders; at most two decimals' })
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
