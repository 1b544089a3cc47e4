import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { OutboxService } from '@infra/outbox/outbox.service';
import { EmailTakenError, TenantNotFoundError } from '@modules/accounts/domain/accounts.errors';
import { hashPassword } from '@modules/accounts/services/password-hasher';
import { isPgError, PG_ERROR } from '@infra/database/pg-errors';
import { UserRegistered } from '@modules/accounts/domain/user-registered.event';
import type { UserRole } from '@modules/accounts/domain/user-role';
import { TenantsService } from '@modules/accounts/tenants.service';
import { TokenService } from '@modules/accounts/tokens/token.service';
import { normalizeEmail } from '@modules/accounts/domain/email';
import { UsersRepository } from '@modules/accounts/persistence/users.repository';
import { RegisterUserCommand, RegisterUserResult } from './register-user.command';

/**
 * Creates the account, its optional shop and its optional first token in one transaction, with the
 * UserRegistered outbox row. The email check before hashing is only a fast answer for the common
 * case; the unique index on lower(email) is what decides between concurrent registrations, and its
 * violation is the same 422 (ALREADY_EXISTS over gRPC), never a 500.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, RegisterUserResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantsService,
    private readonly tokens: TokenService,
    private readonly outbox: OutboxService,
    private readonly users: UsersRepository,
  ) {}

  async execute({ input }: RegisterUserCommand): Promise<RegisterUserResult> {
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    const newTenantName = input.newTenantName?.trim() || null;
    if (await this.users.emailTaken(this.dataSource, email)) throw new EmailTakenError();
    // Hashing takes tens of milliseconds: done before the transaction so no connection waits on it.
    const passwordHash = await hashPassword(input.password);

    try {
      return await inTransaction(this.dataSource, async (manager) => {
        let tenantId: string | null = null;
        let role: UserRole = 'customer';
        if (input.joinTenant) {
          const tenant = await this.tenants.findActive(manager, input.joinTenant.tenantId);
          if (!tenant) throw new TenantNotFoundError();
          tenantId = tenant.id;
          role = input.joinTenant.role;
        }

        const userId = await this.users.insertRegistered(manager, { name, email, passwordHash, tenantId, role });

        let createdTenantId: string | null = null;
        if (newTenantName) {
          const tenant = await this.tenants.createOwned(manager, newTenantName, userId);
          createdTenantId = tenantId = tenant.id;
          role = 'owner';
          await this.users.makeOwner(manager, userId, tenantId);
        } else if (input.joinTenant && role === 'owner') {
          await this.tenants.claimOwnershipIfUnowned(manager, input.joinTenant.tenantId, userId);
        }

        const token = input.tokenName ? await this.tokens.issue(manager, userId, input.tokenName) : null;
        await this.outbox.record(
          manager,
          new UserRegistered(tenantId, {
            user_id: userId,
            tenant_id: tenantId,
            role,
            via: input.via,
            created_tenant: createdTenantId !== null,
          }),
        );
        return {
          user: { id: userId, name, email, tenantId, role },
          createdTenantId,
          accessToken: token?.plainTextToken ?? null,
        };
      });
    } catch (error) {
      if (isPgError(error, PG_ERROR.uniqueViolation, 'users_email_lower_unique')) throw new EmailTakenError();
      throw error;
    }
  }
}
