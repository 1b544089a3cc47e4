import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, Matches } from 'class-validator';

export class VerifyOtpDto {
  @ApiProperty({ format: 'uuid' })
  @IsString()
  @IsUUID('all', { message: 'The uuid must be a valid UUID.' })
  uuid: string;

  @ApiProperty({ example: '123456' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'The otp_code must be exactly 6 digits.' })
  otp_code: string;
}
