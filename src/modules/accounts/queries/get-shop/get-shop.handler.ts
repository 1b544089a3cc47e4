import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Env } from '@config/env.schema';
import { ShopNotFoundError } from '@modules/accounts/domain/accounts.errors';
import type { ShopResource } from '@modules/accounts/dto/shop.dto';
import { TenantsRepository } from '@modules/accounts/persistence/tenants.repository';
import { toShopResource } from '../shop.presenter';
import { GetShopQuery } from './get-shop.query';

@QueryHandler(GetShopQuery)
export class GetShopHandler implements IQueryHandler<GetShopQuery, ShopResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantsRepository,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async execute({ tenantId }: GetShopQuery): Promise<ShopResource> {
    const row = await this.tenants.findShop(this.dataSource.manager, tenantId);
    if (!row) throw new ShopNotFoundError();
    return toShopResource(row, {
      appUrl: this.config.get('APP_URL', { infer: true }),
      currency: this.config.get('APP_CURRENCY', { infer: true }),
    });
  }
}
