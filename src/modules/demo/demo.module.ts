import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog/catalog.module';
import { CouponsModule } from '@modules/coupons/coupons.module';
import { StorefrontModule } from '@modules/storefront/storefront.module';
import { DemoSeedService } from './demo-seed.service';

/** Demo data for the CLI (`demo:seed`); registration itself is the accounts feature's command. */
@Module({
  imports: [CatalogModule, CouponsModule, StorefrontModule],
  providers: [DemoSeedService],
  exports: [DemoSeedService],
})
export class DemoModule {}
