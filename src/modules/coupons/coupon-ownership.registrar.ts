import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TenantOwnershipRegistry } from '@common/context/tenant-ownership.registry';

/** Lets the tenant access guard answer merchant routes that name a coupon by id. */
@Injectable()
export class CouponOwnershipRegistrar implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly owners: TenantOwnershipRegistry,
  ) {}

  onModuleInit(): void {
    this.owners.register('coupon', async (id) => {
      const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM coupons WHERE id = $1', [id]);
      return rows[0]?.tenant_id ?? null;
    });
  }
}
