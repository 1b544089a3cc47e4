import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { BearerStrategy } from './bearer.strategy';
import { RequestContextGuard } from './request-context.guard';
import { SuperAdminGuard } from './super-admin.guard';
import { TenantAccessGuard } from './tenant-access.guard';
import { TenantOwnershipRegistry } from './tenant-ownership.registry';

/**
 * The request context: the app registers `RequestContextGuard` as the first global guard. The
 * principal resolver and the storefront tenant directory it needs are ports (./ports) that the
 * accounts module provides.
 */
@Global()
@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [BearerStrategy, RequestContextGuard, TenantAccessGuard, SuperAdminGuard, TenantOwnershipRegistry],
  exports: [RequestContextGuard, TenantAccessGuard, SuperAdminGuard, TenantOwnershipRegistry],
})
export class ContextModule {}
