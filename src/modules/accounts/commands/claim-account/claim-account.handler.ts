import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { afterCommit, inTransaction } from '@infra/database/transaction';
import { UsersRepository } from '@modules/accounts/persistence/users.repository';
import { TokenService } from '@modules/accounts/tokens/token.service';
import { ClaimAccountCommand, ClaimAccountResult } from './claim-account.command';

/**
 * Registration asks no proof of the address, so until someone proves it the account may belong to
 * whoever typed it. The first proof hands the account to the prover: the tokens handed out before
 * it are revoked and the address is marked proven. Later proofs change nothing.
 *
 * The conditional update takes the row lock: of two concurrent proofs one claims, the other waits
 * and finds the address proven; a sign-in that locked the account first (UsersQueries.lockForSignIn)
 * commits its token before the claim, which then revokes it.
 */
@CommandHandler(ClaimAccountCommand)
export class ClaimAccountHandler implements ICommandHandler<ClaimAccountCommand, ClaimAccountResult> {
  private readonly logger = new Logger(ClaimAccountHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly users: UsersRepository,
  ) {}

  execute({ userId }: ClaimAccountCommand): Promise<ClaimAccountResult> {
    return inTransaction(this.dataSource, async (manager) => {
      if (!(await this.users.markEmailProven(manager, userId))) return { claimed: false };
      const revokedTokens = await this.tokens.revokeAllForUser(manager, userId);
      await afterCommit(manager, () => this.logger.log({ userId, revokedTokens }, 'Account claimed by a proof of its email'));
      return { claimed: true };
    });
  }
}
