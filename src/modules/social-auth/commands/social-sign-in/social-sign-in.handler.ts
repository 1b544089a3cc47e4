import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { inTransaction } from '@infra/database/transaction';
import { TokenService } from '@modules/accounts';
import { VerifiedSocialIdentity } from '@modules/social-auth/domain/social-provider';
import { EmailDomainChecker } from '@modules/social-auth/providers/email-domain.checker';
import { SocialTokenVerifier } from '@modules/social-auth/providers/social-token.verifier';
import { SocialSignInCommand, SocialSignInResult } from './social-sign-in.command';

interface UserRow {
  id: string;
  name: string;
  email: string;
  tenant_id: string | null;
  avatar_url: string | null;
}

const UNIQUE_VIOLATION = '23505';
const USER_COLUMNS = 'u.id, u.name, u.email, u.tenant_id, u.avatar_url';

/**
 * Signs in with a provider account: the provider vouches for the token first, then the account is
 * found by (provider, subject), else linked by an email the provider itself reported, else created
 * without a tenant. A sign-in never joins a user to a tenant. Concurrent first sign-ins of one
 * person converge on one account (the unique constraints decide; the loser re-reads).
 */
@CommandHandler(SocialSignInCommand)
export class SocialSignInHandler implements ICommandHandler<SocialSignInCommand, SocialSignInResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly verifier: SocialTokenVerifier,
    private readonly emailDomains: EmailDomainChecker,
    private readonly tokens: TokenService,
  ) {}

  async execute({ input, tenantContext }: SocialSignInCommand): Promise<SocialSignInResult> {
    const identity = await this.verifier.verify(input.provider, input.token, input.provider_id, input.email);
    const email = input.email.trim().toLowerCase();
    if (!(await this.emailDomains.canReceiveMail(email))) {
      throw ValidationFailedError.field('email', 'The email domain cannot receive mail.');
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return await inTransaction(this.dataSource, (manager) => this.signIn(manager, input, identity, email, tenantContext));
      } catch (error) {
        const { code, constraint } = error as { code?: string; constraint?: string };
        if (code === UNIQUE_VIOLATION && constraint === 'social_accounts_one_per_provider') {
          throw ValidationFailedError.field('token', `This account is already connected to a different ${input.provider} login.`);
        }
        if (code === UNIQUE_VIOLATION && attempt === 0) continue;
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
    let user = await this.byProviderSubject(manager, input.provider, input.provider_id);
    if (!user) {
      const existing = await this.byEmail(manager, email);
      if (existing) {
        // Linking hands the account to whoever holds this provider login: only when the provider
        // itself vouches for the address.
        if (!identity.email) {
          throw ValidationFailedError.field(
            'email',
            'An account with this email already exists. Sign in to it first, then connect this provider.',
          );
        }
        user = existing;
      }
    }
    this.assertTenantContext(user, tenantContext);
    if (!user) {
      const name = (input.name?.trim() || identity.name || email.slice(0, email.indexOf('@'))).slice(0, 255);
      const rows: UserRow[] = await manager.query(
        `INSERT INTO users (name, email, avatar_url, email_verified_at)
         VALUES ($1, $2, $3, CASE WHEN $4 THEN now() ELSE NULL END)
         RETURNING id, name, email, tenant_id, avatar_url`,
        [name, email, input.avatar ?? identity.avatarUrl, identity.email !== null],
      );
      user = rows[0];
      created = true;
    }
    await manager.query(
      `INSERT INTO social_accounts (user_id, provider, provider_id, email, avatar_url) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider, provider_id) DO UPDATE SET last_sign_in_at = now(), email = EXCLUDED.email,
         avatar_url = COALESCE(EXCLUDED.avatar_url, social_accounts.avatar_url)
       WHERE social_accounts.user_id = EXCLUDED.user_id`,
      [user.id, input.provider, input.provider_id, identity.email ?? email, input.avatar ?? identity.avatarUrl],
    );
    const token = await this.tokens.issue(user.id, 'social-api-token', manager);
    return {
      user: { id: user.id, name: user.name, email: user.email, tenant_id: user.tenant_id, avatar_url: user.avatar_url },
      token: token.plainTextToken,
      redirect_to: user.tenant_id ? '/dashboard' : '/onboarding',
      created,
    };
  }

  /** X-Tenant-ID must name the tenant the user already belongs to ("tenant context cannot be resolved"). */
  private assertTenantContext(user: UserRow | null, tenantContext: string | null): void {
    if (!tenantContext) return;
    if (!user?.tenant_id || user.tenant_id.toLowerCase() !== tenantContext.toLowerCase()) {
      throw ValidationFailedError.field('tenant_id', 'The tenant context could not be resolved for this account.');
    }
  }

  private async byProviderSubject(manager: EntityManager, provider: string, subject: string): Promise<UserRow | null> {
    const rows: UserRow[] = await manager.query(
      `SELECT ${USER_COLUMNS} FROM social_accounts s JOIN users u ON u.id = s.user_id WHERE s.provider = $1 AND s.provider_id = $2`,
      [provider, subject],
    );
    return rows[0] ?? null;
  }

  private async byEmail(manager: EntityManager, email: string): Promise<UserRow | null> {
    const rows: UserRow[] = await manager.query(`SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.email) = $1`, [email]);
    return rows[0] ?? null;
  }
}
