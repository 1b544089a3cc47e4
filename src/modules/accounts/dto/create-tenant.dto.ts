import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { MaxChars, RequiredString } from './field-rules';

export class CreateTenantDto {
  @ApiProperty({ maxLength: 255, example: 'Café Niño' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @RequiredString('name')
  @MaxChars('name', 255)
  name: string;
}
