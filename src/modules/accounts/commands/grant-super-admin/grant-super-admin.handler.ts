import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { UsersRepository } from '@modules/accounts/persistence/users.repository';
import { UsersQueries } from '@modules/accounts/queries/users.queries';
import { TokenService } from '@modules/accounts/tokens/token.service';
import { GrantSuperAdminCommand, GrantSuperAdminResult } from './grant-super-admin.command';

@CommandHandler(GrantSuperAdminCommand)
export class GrantSuperAdminHandler implements ICommandHandler<GrantSuperAdminCommand, GrantSuperAdminResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersQueries,
    private readonly tokens: TokenService,
    private readonly repository: UsersRepository,
  ) {}

  execute({ email, force }: GrantSuperAdminCommand): Promise<GrantSuperAdminResult> {
    return inTransaction(this.dataSource, async (manager) => {
      const user = await this.users.findByEmail(manager, email);
      if (!user) return null;
      const emailVerified = user.emailVerifiedAt !== null;
      if (!emailVerified && !force) return { outcome: 'unverified', id: user.id, email: user.email };
      if (!user.isSuperAdmin) {
        await this.repository.grantSuperAdmin(manager, user.id);
        await this.tokens.principalChanged(manager, user.id);
      }
      return { outcome: 'granted', id: user.id, email: user.email, emailVerified };
    });
  }
}
