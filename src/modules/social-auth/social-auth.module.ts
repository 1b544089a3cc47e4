import { Module } from '@nestjs/common';
import { AccountsModule } from '@modules/accounts';
import { SocialSignInHandler } from './commands/social-sign-in/social-sign-in.handler';
import { EmailDomainChecker } from './providers/email-domain.checker';
import { SocialTokenVerifier } from './providers/social-token.verifier';
import { SocialAuthController } from './social-auth.controller';

@Module({
  imports: [AccountsModule],
  controllers: [SocialAuthController],
  providers: [SocialSignInHandler, SocialTokenVerifier, EmailDomainChecker],
})
export class SocialAuthModule {}
