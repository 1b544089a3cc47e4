import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** Every field optional; unknown ones are refused (422) by the global pipe before anything is spent. */
export class OptimizeProfileDto {
  @ApiPropertyOptional({ default: false, description: 'Enhance a profile that is already AI-enhanced' })
  @IsOptional()
  @IsBoolean({ message: 'The allow reenhancement field must be true or false.' })
  allow_reenhancement?: boolean;

  @ApiPropertyOptional({ maxLength: 50, example: 'warm and friendly' })
  @IsOptional()
  @IsString({ message: 'The tone must be a string.' })
  @MaxLength(50, { message: 'The tone may not be greater than 50 characters.' })
  tone?: string;

  @ApiPropertyOptional({ maxLength: 200, example: 'families in Tegucigalpa' })
  @IsOptional()
  @IsString({ message: 'The target audience must be a string.' })
  @MaxLength(200, { message: 'The target audience may not be greater than 200 characters.' })
  target_audience?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 10, example: ['bakery', 'sourdough'] })
  @IsOptional()
  @IsArray({ message: 'The keywords must be a list.' })
  @ArrayMaxSize(10, { message: 'The keywords may not have more than 10 items.' })
  @IsString({ each: true, message: 'Each keyword must be a string.' })
  @MaxLength(50, { each: true, message: 'Each keyword may not be greater than 50 characters.' })
  keywords?: string[];
}
