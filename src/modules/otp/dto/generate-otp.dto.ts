import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class GenerateOtpDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 255,
    description: 'Email address, or phone number as +<country_code><number>',
    example: '+50499998888',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  identifier: string;
}

export class GenerateOtpResponse {
  @ApiProperty({ example: 'If the address can receive it, a verification code is on its way.' })
  message: string;

  @ApiProperty({ description: 'OTP session id: send it back to /otp/verify with the code', format: 'uuid' })
  uuid: string;

  @ApiProperty({ format: 'date-time' })
  expires_at: string;
}
