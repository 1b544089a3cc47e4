import { Module } from '@nestjs/common';
import { StorefrontTenantResolver } from './storefront-tenant.resolver';

@Module({ providers: [StorefrontTenantResolver], exports: [StorefrontTenantResolver] })
export class StorefrontModule {}
