import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { normalizeEmail } from '@modules/accounts/domain/email';
import { UsersRepository } from '@modules/accounts/persistence/users.repository';
import { AccountSummary, CreateUserFromProviderCommand } from './create-user-from-provider.command';

/**
 * Runs in the sign-in's transaction. A concurrent creation with the same email fails here with the
 * unique violation of `users_email_lower_unique`, which the sender handles (it re-reads).
 */
@CommandHandler(CreateUserFromProviderCommand)
export class CreateUserFromProviderHandler implements ICommandHandler<CreateUserFromProviderCommand, AccountSummary> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
  ) {}

  execute({ input }: CreateUserFromProviderCommand): Promise<AccountSummary> {
    return inTransaction(this.dataSource, async (manager) => {
      const row = await this.users.insertFromProvider(manager, {
        name: input.name,
        email: normalizeEmail(input.email),
        avatarUrl: input.avatarUrl,
        emailVerified: input.emailVerified,
      });
      return { id: row.id, name: row.name, email: row.email, tenantId: row.tenant_id, avatarUrl: row.avatar_url };
    });
  }
}
