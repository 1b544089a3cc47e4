import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { GENERATION_TYPES, type GenerationType } from '@modules/ai/domain/prompts';

export class GenerateContentDto {
  @ApiProperty({ minLength: 3, maxLength: 100, example: 'Panadería La Espiga' })
  @IsString({ message: 'The business name must be a string.' })
  @Length(3, 100, { message: 'The business name must be between 3 and 100 characters.' })
  business_name: string;

  @ApiProperty({ maxLength: 50, example: 'bakery' })
  @IsString({ message: 'The activity must be a string.' })
  @MaxLength(50, { message: 'The activity may not be greater than 50 characters.' })
  activity: string;

  @ApiProperty({ maxLength: 50, example: 'Tegucigalpa' })
  @IsString({ message: 'The location must be a string.' })
  @MaxLength(50, { message: 'The location may not be greater than 50 characters.' })
  location: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'The extra details must be a string.' })
  @MaxLength(200, { message: 'The extra details may not be greater than 200 characters.' })
  extra_details?: string;

  @ApiProperty({ enum: GENERATION_TYPES })
  @IsIn(GENERATION_TYPES, { message: `The type must be one of: ${GENERATION_TYPES.join(', ')}.` })
  type: GenerationType;
}
