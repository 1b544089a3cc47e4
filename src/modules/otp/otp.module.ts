import { Module } from '@nestjs/common';
import { AccountsModule, TokenService, UsersService } from '@modules/accounts';
import { GenerateOtpHandler } from './commands/generate-otp/generate-otp.handler';
import { VerifyOtpHandler } from './commands/verify-otp/verify-otp.handler';
import { OTP_ACCOUNT_PORT, OtpAccountPort } from './domain/otp-account.port';
import { OtpController } from './otp.controller';

@Module({
  imports: [AccountsModule],
  controllers: [OtpController],
  providers: [
    GenerateOtpHandler,
    VerifyOtpHandler,
    {
      provide: OTP_ACCOUNT_PORT,
      inject: [UsersService, TokenService],
      useFactory: (users: UsersService, tokens: TokenService): OtpAccountPort => ({
        // Accounts are found by email; registration records no phone number, so a verified phone
        // leads to registration.
        async findByIdentifier(identifier, channel) {
          if (channel !== 'email') return null;
          const user = await users.findByEmail(identifier);
          return user ? { id: user.id, tenantId: user.tenantId } : null;
        },
        async issueToken(userId, tokenName) {
          return (await tokens.issue(userId, tokenName)).plainTextToken;
        },
      }),
    },
  ],
})
export class OtpModule {}
