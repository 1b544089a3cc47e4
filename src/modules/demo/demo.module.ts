import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog';
import { CouponsModule } from '@modules/coupons';
import { DemoSeedService } from './demo-seed.service';

/** Demo data for the CLI (`demo:seed`); registration itself is the accounts feature's command. */
@Module({
  imports: [CatalogModule, CouponsModule],
  providers: [DemoSeedService],
  exports: [DemoSeedService],
})
export class DemoModule {}
