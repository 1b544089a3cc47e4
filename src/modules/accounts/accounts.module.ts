import { UpdateShopHandler } from './commands/update-shop/update-shop.handler';
import { MerchantShopController } from './merchant-shop.controller';
import { GetShopHandler } from './queries/get-shop/get-shop.handler';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PRINCIPAL_RESOLVER, STOREFRONT_TENANTS } from '@common/context/ports';
import { AccountsController } from './accounts.controller';
import { AiCreditsLedger } from './ai-budget/ai-credits.ledger';
import { TenantProfiles } from './ai-budget/tenant-profiles.service';
import { AddAiCreditsHandler } from './commands/add-ai-credits/add-ai-credits.handler';
import { ChangeSubscriptionHandler } from './commands/change-subscription/change-subscription.handler';
import { ClaimAccountHandler } from './commands/claim-account/claim-account.handler';
import { CreateTenantHandler } from './commands/create-tenant/create-tenant.handler';
import { CreateUserFromProviderHandler } from './commands/create-user-from-provider/create-user-from-provider.handler';
import { GrantSuperAdminHandler } from './commands/grant-super-admin/grant-super-admin.handler';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { SignOutHandler } from './commands/sign-out/sign-out.handler';
import { PersonalAccessTokensRepository } from './persistence/personal-access-tokens.repository';
import { TenantEntity } from './persistence/tenant.entity';
import { TenantsRepository } from './persistence/tenants.repository';
import { UserEntity } from './persistence/user.entity';
import { UsersRepository } from './persistence/users.repository';
import { GrpcAuthGuard } from './grpc/grpc-auth.guard';
import { IdentityGrpcController } from './grpc/identity-grpc.controller';
import { GetCurrentUserHandler } from './queries/get-current-user/get-current-user.handler';
import { SubscriptionsQueries } from './queries/subscriptions.queries';
import { UsersQueries } from './queries/users.queries';
import { ShopPaymentMethods } from './shop-payment-methods.service';
import { TenantDirectory } from './tenant-directory.service';
import { TenantsController } from './tenants.controller';
import { TenantsService } from './tenants.service';
import { TokenService } from './tokens/token.service';

/**
 * Users, tenants and bearer tokens: registration (HTTP and gRPC), accounts created by social
 * sign-in, claims of an account by a proof of its email, the signed-in user, sign-out, onboarding,
 * subscription state, super-admin grants, and the AI
 * budget and enrichable profile of a shop. Global because it provides the request context's
 * ports (who a bearer token names, which shop a storefront request names) to every route.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, TenantEntity])],
  controllers: [AccountsController, TenantsController, MerchantShopController, IdentityGrpcController],
  providers: [
    RegisterUserHandler,
    GetShopHandler,
    UpdateShopHandler,
    CreateTenantHandler,
    CreateUserFromProviderHandler,
    SignOutHandler,
    GrantSuperAdminHandler,
    ChangeSubscriptionHandler,
    ClaimAccountHandler,
    AddAiCreditsHandler,
    GetCurrentUserHandler,
    UsersRepository,
    TenantsRepository,
    PersonalAccessTokensRepository,
    AiCreditsLedger,
    TenantProfiles,
    TenantsService,
    UsersQueries,
    SubscriptionsQueries,
    TokenService,
    TenantDirectory,
    ShopPaymentMethods,
    GrpcAuthGuard,
    { provide: PRINCIPAL_RESOLVER, useExisting: TokenService },
    { provide: STOREFRONT_TENANTS, useExisting: TenantDirectory },
  ],
  exports: [
    AiCreditsLedger,
    TenantProfiles,
    UsersQueries,
    SubscriptionsQueries,
    TokenService,
    TenantDirectory,
    ShopPaymentMethods,
    PRINCIPAL_RESOLVER,
    STOREFRONT_TENANTS,
  ],
})
export class AccountsModule {}
