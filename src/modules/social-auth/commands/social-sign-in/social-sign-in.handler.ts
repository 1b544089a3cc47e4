import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isPgError, PG_ERROR } from '@infra/database/pg-errors';
import { inTransaction } from '@infra/database/transaction';
import {
  AccountSummary,
  ClaimAccountCommand,
  ClaimAccountResult,
  CreateUserFromProviderCommand,
  TokenService,
  UsersQueries,
} from '@modules/accounts';
import { ForgetUserPushSubscriptionsCommand } from '@modules/notifications';
import { RemoveSocialLinksCommand } from '@modules/social-auth/commands/remove-social-links/remove-social-links.command';
import {
  EmailCannotReceiveMailError,
  ProviderTokenRejectedError,
  TenantContextUnresolvedError,
  UnverifiedEmailTakenError,
} from '@modules/social-auth/domain/social-auth.errors';
import { VerifiedSocialIdentity } from '@modules/social-auth/domain/social-provider';
import { SocialAccountsRepository } from '@modules/social-auth/persistence/social-accounts.repository';
import { EmailDomainChecker } from '@modules/social-auth/providers/email-domain.checker';
import { SocialTokenVerifier } from '@modules/social-auth/providers/social-token.verifier';
import { SocialSignInCommand, SocialSignInResult } from './social-sign-in.command';

/** The link was taken by another account between our read and our write: the sign-in is decided again. */
class LinkRacedError extends Error {}

/**
 * Signs in with a provider account: the provider vouches for the token first, then the account is
 * found by (provider, subject), else linked by an email the provider asserts verified, else created
 * (by accounts) without a tenant. A sign-in with a verified email proves it, and so claims an
 * account whose email had never been proven (decisions §3): its earlier tokens and provider logins
 * go. A sign-in never joins a user to a tenant. Concurrent first sign-ins of one person converge on
 * one account (the unique constraints decide; the loser re-reads).
 */
@CommandHandler(SocialSignInCommand)
export class SocialSignInHandler implements ICommandHandler<SocialSignInCommand, SocialSignInResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
    private readonly verifier: SocialTokenVerifier,
    private readonly emailDomains: EmailDomainChecker,
    private readonly users: UsersQueries,
    private readonly tokens: TokenService,
    private readonly socialAccounts: SocialAccountsRepository,
  ) {}

  async execute({ input, tenantContext }: SocialSignInCommand): Promise<SocialSignInResult> {
    const identity = await this.verifier.verify(input.provider, input.token, input.provider_id, input.email);
    const email = input.email.trim().toLowerCase();
    if (!(await this.emailDomains.canReceiveMail(email))) throw new EmailCannotReceiveMailError();
    for (let attempt = 0; ; attempt++) {
      try {
        return await inTransaction(this.dataSource, (manager) => this.signIn(manager, input, identity, email, tenantContext));
      } catch (error) {
        if (isPgError(error, PG_ERROR.uniqueViolation, 'social_accounts_one_per_provider')) {
          throw new ProviderTokenRejectedError(`This account is already connected to a different ${input.provider} login.`);
        }
        if ((isPgError(error, PG_ERROR.uniqueViolation) || error instanceof LinkRacedError) && attempt === 0) continue;
        throw error;
      }
    }
  }

  private async signIn(
    manager: EntityManager,
    input: SocialSignInCommand['input'],
    identity: VerifiedSocialIdentity,
    email: string,
    tenantContext: string | null,
  ): Promise<SocialSignInResult> {
    let created = false;
    let user = await this.linkedAccount(manager, input.provider, input.provider_id);
    if (!user) {
      const existing = await this.users.findByEmail(manager, email);
      if (existing) {
        // Linking hands the account to whoever holds this provider login: only when the provider
        // asserts that this person controls the address.
        if (!identity.emailVerified) throw new UnverifiedEmailTakenError();
        user = await this.users.lockForSignIn(manager, existing.id);
      }
    }
    assertTenantContext(user, tenantContext);
    if (!user) {
      // Spec 4.1: without a name, the part of the email before @ (not the provider's display name).
      const name = (input.name?.trim() || email.slice(0, email.indexOf('@'))).slice(0, 255);
      user = await this.commands.execute<CreateUserFromProviderCommand, AccountSummary>(
        new CreateUserFromProviderCommand({
          name,
          email,
          avatarUrl: input.avatar ?? identity.avatarUrl,
          emailVerified: identity.emailVerified,
        }),
      );
      created = true;
    } else if (identity.emailVerified && user.email === email) {
      await this.claim(user.id);
    }
    const linked = await this.socialAccounts.link(manager, {
      userId: user.id,
      provider: input.provider,
      subject: input.provider_id,
      email: identity.email ?? email,
      avatarUrl: input.avatar ?? identity.avatarUrl,
    });
    if (!linked) throw new LinkRacedError();
    const token = await this.tokens.issue(manager, user.id, 'social-api-token');
    return {
      user: { id: user.id, name: user.name, email: user.email, tenant_id: user.tenantId, avatar_url: user.avatarUrl },
      token: token.plainTextToken,
      redirect_to: user.tenantId ? '/dashboard' : '/onboarding',
      created,
    };
  }

  /**
   * The proof of the email claims the account; what was connected before the proof (provider logins,
   * browsers subscribed to its pushes) goes with the old tokens.
   */
  private async claim(userId: string): Promise<void> {
    const { claimed } = await this.commands.execute<ClaimAccountCommand, ClaimAccountResult>(new ClaimAccountCommand(userId));
    if (!claimed) return;
    await this.commands.execute(new RemoveSocialLinksCommand(userId));
    await this.commands.execute(new ForgetUserPushSubscriptionsCommand(userId));
  }

  /**
   * The account this provider login is connected to, locked for the sign-in. Read again once the
   * lock is held: a claim that held it may have just removed the link, and then the login no longer
   * opens the account.
   */
  private async linkedAccount(manager: EntityManager, provider: string, subject: string): Promise<AccountSummary | null> {
    const userId = await this.socialAccounts.linkedUserId(manager, provider, subject);
    if (!userId) return null;
    const user = await this.users.lockForSignIn(manager, userId);
    return user && (await this.socialAccounts.linkedUserId(manager, provider, subject)) === userId ? user : null;
  }
}

/** X-Tenant-ID must name the tenant the user already belongs to ("tenant context cannot be resolved"). */
function assertTenantContext(user: AccountSummary | null, tenantContext: string | null): void {
  if (!tenantContext) return;
  if (!user?.tenantId || user.tenantId.toLowerCase() !== tenantContext.toLowerCase()) throw new TenantContextUnresolvedError();
}
