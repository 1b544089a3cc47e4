import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsController } from './accounts.controller';
import { CreateTenantHandler } from './commands/create-tenant/create-tenant.handler';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { TenantEntity } from './domain/tenant.entity';
import { UserEntity } from './domain/user.entity';
import { GrpcAuthGuard } from './grpc/grpc-auth.guard';
import { IdentityGrpcController } from './grpc/identity-grpc.controller';
import { TenantsController } from './tenants.controller';
import { TenantsService } from './tenants.service';
import { TokensModule } from './tokens/tokens.module';
import { UsersService } from './users.service';

/**
 * Users, tenants and bearer tokens: registration (HTTP and gRPC), the signed-in user, sign-out and
 * onboarding. Other features find accounts through UsersService and issue tokens through
 * TokensModule's TokenService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, TenantEntity]), TokensModule],
  controllers: [AccountsController, TenantsController, IdentityGrpcController],
  providers: [RegisterUserHandler, CreateTenantHandler, TenantsService, UsersService, GrpcAuthGuard],
  exports: [UsersService, TokensModule],
})
export class AccountsModule {}
