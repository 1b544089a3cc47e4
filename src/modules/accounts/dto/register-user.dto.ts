import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsAcceptablePassword } from '../domain/password-rule';
import { UserResource } from './account.resources';
import { EmailAddress, EqualsProperty, MaxChars, OptionalString, RequiredString } from './field-rules';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterUserDto {
  @ApiProperty({ maxLength: 255, example: 'Ana López' })
  @Transform(trim)
  @RequiredString('name')
  @MaxChars('name', 255)
  name: string;

  @ApiProperty({ maxLength: 255, example: 'ana@example.com', description: 'Unique among users, whatever the case' })
  @Transform(trim)
  @RequiredString('email')
  @MaxChars('email', 255)
  @EmailAddress('email')
  email: string;

  @ApiProperty({ minLength: 8, description: 'At least 8 characters with a letter and a digit', example: 'secret123' })
  @RequiredString('password')
  @IsAcceptablePassword()
  password: string;

  @ApiProperty({ description: 'Must equal password' })
  @RequiredString('password_confirmation')
  @EqualsProperty('password_confirmation', 'password')
  password_confirmation: string;

  @ApiPropertyOptional({ maxLength: 255, example: 'Café Niño', description: 'Creates a shop owned by the new user' })
  @Transform(trim)
  @IsOptional()
  @OptionalString('tenant_name')
  @MaxChars('tenant_name', 255)
  tenant_name?: string | null;

  @ApiPropertyOptional({ description: 'Idempotency key when the X-Idempotency-Key header is not sent (1-255 characters)' })
  @IsOptional()
  @OptionalString('idempotency_key')
  idempotency_key?: string;
}

export class RegisteredUserResponse extends PickType(UserResource, ['id', 'name', 'email', 'tenant_id'] as const) {
  @ApiProperty({ example: '17|Yc7rJ2...' })
  access_token: string;

  @ApiProperty({ example: 'Bearer' })
  token_type: 'Bearer';
}

export class RegisterUserResponse {
  @ApiProperty({ type: RegisteredUserResponse })
  data: RegisteredUserResponse;
}
