import { Module } from '@nestjs/common';
import { AccountsModule } from '@modules/accounts';
import { GenerateOtpHandler } from './commands/generate-otp/generate-otp.handler';
import { VerifyOtpHandler } from './commands/verify-otp/verify-otp.handler';
import { OtpController } from './otp.controller';

@Module({
  imports: [AccountsModule],
  controllers: [OtpController],
  providers: [GenerateOtpHandler, VerifyOtpHandler],
})
export class OtpModule {}
