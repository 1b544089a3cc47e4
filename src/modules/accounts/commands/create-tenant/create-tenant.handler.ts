import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UnauthenticatedError } from '@common/errors/domain.error';
import { inTransaction } from '@infra/database/transaction';
import { AlreadyHasTenantError } from '@modules/accounts/domain/accounts.errors';
import { TenantEntity } from '@modules/accounts/persistence/tenant.entity';
import { UsersRepository } from '@modules/accounts/persistence/users.repository';
import { TenantsService } from '@modules/accounts/tenants.service';
import { TokenService } from '@modules/accounts/tokens/token.service';
import { CreateTenantCommand } from './create-tenant.command';

/**
 * The user's row is locked while it is checked and linked, so two concurrent calls by one user
 * create one shop and the other gets 409.
 */
@CommandHandler(CreateTenantCommand)
export class CreateTenantHandler implements ICommandHandler<CreateTenantCommand, TenantEntity> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantsService,
    private readonly tokens: TokenService,
    private readonly users: UsersRepository,
  ) {}

  execute({ userId, name }: CreateTenantCommand): Promise<TenantEntity> {
    return inTransaction(this.dataSource, async (manager) => {
      const user = await this.users.lockTenantLink(manager, userId);
      if (!user) throw new UnauthenticatedError();
      if (user.tenant_id) throw new AlreadyHasTenantError();
      const tenant = await this.tenants.createOwned(manager, name.trim(), userId);
      await this.users.makeOwner(manager, userId, tenant.id);
      // The user's tokens now carry another shop and role: no instance may keep its cached copy.
      await this.tokens.principalChanged(manager, userId);
      return tenant;
    });
  }
}
