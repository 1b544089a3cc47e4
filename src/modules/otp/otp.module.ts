import { Module } from '@nestjs/common';
import { AccountsModule } from '@modules/accounts';
import { SocialAuthModule } from '@modules/social-auth';
import { GenerateOtpHandler } from './commands/generate-otp/generate-otp.handler';
import { VerifyOtpHandler } from './commands/verify-otp/verify-otp.handler';
import { OtpController } from './otp.controller';
import { OtpSessionsRepository } from './persistence/otp-sessions.repository';

@Module({
  // Social auth: a code that claims an account removes the provider logins connected before it.
  imports: [AccountsModule, SocialAuthModule],
  controllers: [OtpController],
  providers: [GenerateOtpHandler, VerifyOtpHandler, OtpSessionsRepository],
})
export class OtpModule {}
