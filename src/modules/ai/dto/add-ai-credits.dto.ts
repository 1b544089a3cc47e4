import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

export class AddAiCreditsDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 1_000_000, example: 100 })
  @IsInt({ message: 'The credits must be an integer.' })
  @Min(1, { message: 'The credits must be at least 1.' })
  @Max(1_000_000, { message: 'The credits may not be greater than 1000000.' })
  credits: number;
}
