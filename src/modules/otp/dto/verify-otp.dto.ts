import { ApiProperty } from '@nestjs/swagger';
import type { SchemaObject } from '@common/http/openapi-document';
import { IsString, IsUUID, Matches } from 'class-validator';

export class VerifyOtpDto {
  @ApiProperty({ format: 'uuid', description: 'The `uuid` that /otp/generate answered' })
  @IsString()
  @IsUUID('all', { message: 'The uuid must be a valid UUID.' })
  uuid: string;

  @ApiProperty({ pattern: '^\\d{6}$', example: '123456', description: 'The 6 digits that were sent' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'The otp_code must be exactly 6 digits.' })
  otp_code: string;
}

export class OtpVerifiedUser {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: "The user's shop; null before onboarding" })
  tenant_id: string | null;
}

/** The code was right and an account exists for the identifier: it is signed in. */
export interface OtpSignedIn {
  message: string;
  user: OtpVerifiedUser;
  requires_registration: false;
  redirect: '/dashboard';
  token: string;
}

/** The code was right but no account exists for the identifier yet. */
export interface OtpRequiresRegistration {
  message: string;
  user: null;
  requires_registration: true;
  redirect: '/register';
}

/**
 * The two answers of POST /otp/verify, as schemas: `requires_registration` tells them apart (a
 * boolean constant and a null-only field, which `@ApiProperty` cannot express).
 */
export const verifyOtpAnswerSchema = (userRef: string): SchemaObject => ({
  oneOf: [
    {
      type: 'object',
      title: 'OtpSignedIn',
      description: 'An account exists for the identifier: signed in',
      required: ['message', 'user', 'requires_registration', 'redirect', 'token'],
      properties: {
        message: { type: 'string', example: 'Code verified.' },
        user: { $ref: userRef },
        requires_registration: { type: 'boolean', enum: [false] },
        redirect: { type: 'string', enum: ['/dashboard'] },
        token: { type: 'string', description: 'An opaque bearer token for the account', example: '17|Yc7rJ2...' },
      },
    },
    {
      type: 'object',
      title: 'OtpRequiresRegistration',
      description: 'No account exists yet for the identifier',
      required: ['message', 'user', 'requires_registration', 'redirect'],
      properties: {
        message: { type: 'string', example: 'Code verified. No account exists yet for this identifier.' },
        // OpenAPI 3.0 needs a type beside nullable; enum [null] leaves null as the only value.
        user: { type: 'string', nullable: true, enum: [null], description: 'Always null: there is no account' },
        requires_registration: { type: 'boolean', enum: [true] },
        redirect: { type: 'string', enum: ['/register'] },
      },
    },
  ],
});
