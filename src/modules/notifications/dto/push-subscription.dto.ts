import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import { AUTH_SECRET_BYTES, isPushAuthSecret, isPushPublicKey, P256DH_BYTES } from '../domain/push-keys';

export const CONTENT_ENCODINGS = ['aes128gcm', 'aesgcm'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/** A rule on a string field; other types are left to `@IsString()`, so a missing field gets no second message. */
const StringRule = (name: string, test: (value: string) => boolean, message: string) =>
  ValidateBy({
    name,
    validator: { validate: (value: unknown) => typeof value !== 'string' || test(value), defaultMessage: () => message },
  });

const IsHttpsUrl = () => StringRule('isHttpsUrl', (value) => /^https:\/\//i.test(value), 'The endpoint must be an https:// URL.');
const IsPushPublicKey = () =>
  StringRule('isPushPublicKey', isPushPublicKey, `The keys.p256dh must be a base64url P-256 public key (${P256DH_BYTES} bytes).`);
const IsPushAuthSecret = () =>
  StringRule('isPushAuthSecret', isPushAuthSecret, `The keys.auth must be a base64url secret of ${AUTH_SECRET_BYTES} bytes.`);

export class PushKeysDto {
  @ApiProperty({ minLength: 1, maxLength: 255, description: 'base64url, 16 bytes decoded' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @IsPushAuthSecret()
  auth: string;

  @ApiProperty({ minLength: 1, maxLength: 255, description: 'base64url uncompressed P-256 point, 65 bytes decoded' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @IsPushPublicKey()
  p256dh: string;
}

export class RegisterPushSubscriptionDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 1000,
    description:
      "The PushSubscription's endpoint: https:// on a host of PUSH_ALLOWED_HOSTS and a port of PUSH_ALLOWED_PORTS (stored re-serialised)",
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  @IsHttpsUrl()
  endpoint: string;

  @ApiProperty({ type: PushKeysDto })
  // A missing (or null) `keys` object is validated as an empty one, so its errors name each required
  // key (`keys.auth`, `keys.p256dh`) rather than the object (decisions §12): the default covers an
  // absent field, which class-transformer never visits; the transform covers null.
  // An array (`[]`, `[{ auth, p256dh }]`) would pass the nested validation element by element and
  // leave `keys.auth` undefined: only an object is a keys object.
  @Type(() => PushKeysDto)
  @Transform(({ value }: { value: unknown }) => value ?? new PushKeysDto())
  @IsObject({ message: 'The keys must be an object with auth and p256dh.' })
  @ValidateNested()
  keys: PushKeysDto = new PushKeysDto();

  @ApiPropertyOptional({ enum: CONTENT_ENCODINGS, default: 'aes128gcm', maxLength: 50 })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  @IsIn(CONTENT_ENCODINGS, { message: 'The contentEncoding must be aes128gcm or aesgcm.' })
  contentEncoding?: ContentEncoding;
}

export class DeletePushSubscriptionDto {
  @ApiProperty({ minLength: 1, maxLength: 1000, description: 'The endpoint as the browser registered it' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  endpoint: string;
}

export class PushSubscriptionResponse {
  @ApiProperty({ enum: ['success'] })
  status: 'success';

  @ApiProperty({ example: 'Web Push subscription updated.' })
  message: string;
}
