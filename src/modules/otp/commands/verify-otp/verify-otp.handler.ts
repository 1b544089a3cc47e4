import { ConfigService } from '@nestjs/config';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Env } from '@config/env.schema';
import { inTransaction } from '@infra/database/transaction';
import { ClaimAccountCommand, ClaimAccountResult, TokenService, UsersQueries } from '@modules/accounts';
import { ForgetUserPushSubscriptionsCommand } from '@modules/notifications';
import { RemoveSocialLinksCommand } from '@modules/social-auth';
import { evaluateOtpAttempt, OtpAttemptOutcome } from '@modules/otp/domain/otp-attempt';
import { otpCodeMatches } from '@modules/otp/domain/otp-code';
import { OtpCodeRejectedError, OtpSessionNotFoundError } from '@modules/otp/domain/otp.errors';
import type { OtpChannel } from '@modules/otp/domain/otp-identifier';
import { OtpSessionsRepository } from '@modules/otp/persistence/otp-sessions.repository';
import { VerifyOtpCommand, VerifyOtpResult } from './verify-otp.command';

/**
 * Checks a code against its session. The session row is locked while it is judged, so of many
 * concurrent attempts with the right code exactly one consumes it; wrong attempts are counted and
 * committed even though the request fails. A right code for an email proves the address: in the
 * same transaction it claims the account (decisions §3) and signs it in.
 */
@CommandHandler(VerifyOtpCommand)
export class VerifyOtpHandler implements ICommandHandler<VerifyOtpCommand, VerifyOtpResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    private readonly commands: CommandBus,
    private readonly users: UsersQueries,
    private readonly tokens: TokenService,
    private readonly sessions: OtpSessionsRepository,
  ) {}

  async execute({ sessionId, code }: VerifyOtpCommand): Promise<VerifyOtpResult> {
    const judged = await inTransaction(this.dataSource, async (manager) => {
      const session = await this.sessions.lock(manager, sessionId);
      if (!session) return null;
      const matches = otpCodeMatches(this.config.get('APP_KEY', { infer: true }), session.id, code, session.code_hmac);
      const outcome = evaluateOtpAttempt(
        {
          expiresAt: new Date(session.expires_at),
          attempts: session.attempts,
          consumedAt: session.consumed_at,
          invalidatedAt: session.invalidated_at,
        },
        matches,
        new Date(),
        this.config.get('OTP_MAX_ATTEMPTS', { infer: true }),
      );
      if (outcome.result === 'verified') {
        await this.sessions.consume(manager, session.id);
        return { outcome, signedIn: await this.signIn(manager, session.identifier, session.channel) };
      }
      if (outcome.result === 'wrong') {
        await this.sessions.recordAttempts(manager, session.id, outcome.attempts);
      }
      return { outcome, signedIn: null };
    });

    if (!judged) throw new OtpSessionNotFoundError();
    this.assertVerified(judged.outcome);
    return judged.signedIn!;
  }

  /**
   * Accounts are found by email; registration records no phone number, so a verified phone leads to
   * registration. The code proves the address: an account registered with it but never proven is
   * claimed, so whoever registered it (anyone can) loses its tokens, provider logins and push subscriptions.
   */
  private async signIn(manager: EntityManager, identifier: string, channel: OtpChannel): Promise<VerifyOtpResult> {
    const user = channel === 'email' ? await this.users.findByEmail(manager, identifier) : null;
    if (!user) return { requiresRegistration: true, user: null };
    const { claimed } = await this.commands.execute<ClaimAccountCommand, ClaimAccountResult>(new ClaimAccountCommand(user.id));
    if (claimed) {
      await this.commands.execute(new RemoveSocialLinksCommand(user.id));
      await this.commands.execute(new ForgetUserPushSubscriptionsCommand(user.id));
    }
    const token = await this.tokens.issue(manager, user.id, 'otp-api-token');
    return { requiresRegistration: false, user: { id: user.id, tenantId: user.tenantId }, token: token.plainTextToken };
  }

  private assertVerified(outcome: OtpAttemptOutcome): void {
    if (outcome.result === 'verified') return;
    const reason = outcome.result === 'wrong' ? (outcome.locked ? 'locked' : 'wrong') : outcome.reason;
    throw new OtpCodeRejectedError(reason);
  }
}
