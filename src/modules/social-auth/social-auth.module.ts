import { Module } from '@nestjs/common';
import { AccountsModule } from '@modules/accounts';
import { RemoveSocialLinksHandler } from './commands/remove-social-links/remove-social-links.handler';
import { SocialSignInHandler } from './commands/social-sign-in/social-sign-in.handler';
import { SocialAccountsRepository } from './persistence/social-accounts.repository';
import { EmailDomainChecker } from './providers/email-domain.checker';
import { SocialTokenVerifier } from './providers/social-token.verifier';
import { SocialAuthController } from './social-auth.controller';

@Module({
  imports: [AccountsModule],
  controllers: [SocialAuthController],
  providers: [SocialSignInHandler, RemoveSocialLinksHandler, SocialTokenVerifier, EmailDomainChecker, SocialAccountsRepository],
})
export class SocialAuthModule {}
