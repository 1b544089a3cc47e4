import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { normalizeEmail } from '@modules/accounts/domain/email';
import { AccountSummary, CreateUserFromProviderCommand } from './create-user-from-provider.command';

/**
 * Runs in the sign-in's transaction. A concurrent creation with the same email fails here with the
 * unique violation of `users_email_lower_unique`, which the sender handles (it re-reads).
 */
@CommandHandler(CreateUserFromProviderCommand)
export class CreateUserFromProviderHandler implements ICommandHandler<CreateUserFromProviderCommand, AccountSummary> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  execute({ input }: CreateUserFromProviderCommand): Promise<AccountSummary> {
    return inTransaction(this.dataSource, async (manager) => {
      const rows: Array<{ id: string; name: string; email: string; tenant_id: string | null; avatar_url: string | null }> =
        await manager.query(
          `INSERT INTO users (name, email, avatar_url, email_verified_at)
           VALUES ($1, $2, $3, CASE WHEN $4 THEN now() ELSE NULL END)
           RETURNING id, name, email, tenant_id, avatar_url`,
          [input.name, normalizeEmail(input.email), input.avatarUrl, input.emailVerified],
        );
      const row = rows[0];
      return { id: row.id, name: row.name, email: row.email, tenantId: row.tenant_id, avatarUrl: row.avatar_url };
    });
  }
}
