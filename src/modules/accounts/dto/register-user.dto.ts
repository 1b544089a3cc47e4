import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsAcceptablePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/password-rule';
import { UserResource } from './account.resources';
import { EmailAddress, EqualsProperty, MaxChars, OptionalString, RequiredString } from './field-rules';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterUserDto {
  @ApiProperty({ maxLength: 255, example: 'Ana López' })
  @Transform(trim)
  @RequiredString('name')
  @MaxChars('name', 255)
  name: string;

  @ApiProperty({ format: 'email', maxLength: 255, example: 'ana@example.com', description: 'Unique among users, whatever the case' })
  @Transform(trim)
  @RequiredString('email')
  @MaxChars('email', 255)
  @EmailAddress('email')
  email: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: `At least ${PASSWORD_MIN_LENGTH} characters with a letter and a digit`,
    example: 'secret123',
  })
  @RequiredString('password')
  @IsAcceptablePassword()
  password: string;

  @ApiProperty({ description: 'Must equal password', example: 'secret123' })
  @RequiredString('password_confirmation')
  @EqualsProperty('password_confirmation', 'password')
  password_confirmation: string;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    example: 'Café Niño',
    description: 'Creates a shop owned by the new user',
  })
  @Transform(trim)
  @IsOptional()
  @OptionalString('tenant_name')
  @MaxChars('tenant_name', 255)
  tenant_name?: string | null;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 255,
    description: 'Idempotency key when neither X-Idempotency-Key nor Idempotency-Key is sent',
  })
  @IsOptional()
  @OptionalString('idempotency_key')
  idempotency_key?: string;
}

export class RegisteredUserResponse extends PickType(UserResource, ['id', 'name', 'email', 'tenant_id'] as const) {
  @ApiProperty({ example: '17|Yc7rJ2...', description: 'An opaque bearer token' })
  access_token: string;

  @ApiProperty({ enum: ['Bearer'] })
  token_type: 'Bearer';
}

export class RegisterUserResponse {
  @ApiProperty({ type: RegisteredUserResponse })
  data: RegisteredUserResponse;
}
