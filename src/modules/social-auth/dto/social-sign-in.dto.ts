import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { SOCIAL_PROVIDERS, SocialProvider } from '../domain/social-provider';

export class SocialSignInDto {
  @ApiProperty({ enum: SOCIAL_PROVIDERS })
  @IsIn(SOCIAL_PROVIDERS, { message: `The provider must be one of: ${SOCIAL_PROVIDERS.join(', ')}.` })
  provider: SocialProvider;

  @ApiProperty({ maxLength: 4096, description: "The provider's access token (Apple: the identity token)" })
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  token: string;

  @ApiProperty({ maxLength: 255, description: "The account's id at the provider" })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  provider_id: string;

  @ApiProperty({ maxLength: 255 })
  @IsEmail({ require_tld: true, allow_ip_domain: false }, { message: 'The email must be a valid email address.' })
  @MaxLength(255)
  email: string;

  @ApiPropertyOptional({ maxLength: 255, description: 'Defaults to the part of the email before @' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiPropertyOptional({ maxLength: 2048 })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'The avatar must be an http(s) image URL.' })
  @MaxLength(2048)
  avatar?: string;
}

export class SocialSignInUser {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ maxLength: 255 })
  name: string;

  @ApiProperty({ format: 'email', maxLength: 255 })
  email: string;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: "The user's shop; null before onboarding" })
  tenant_id: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  avatar_url: string | null;
}

export class SocialSignInResponse {
  @ApiProperty({ type: SocialSignInUser })
  user: SocialSignInUser;

  @ApiProperty({ example: '17|Yc7rJ2...', description: 'An opaque bearer token' })
  token: string;

  @ApiProperty({ enum: ['/dashboard', '/onboarding'], description: '`/onboarding` while the user has no shop' })
  redirect_to: '/dashboard' | '/onboarding';
}
