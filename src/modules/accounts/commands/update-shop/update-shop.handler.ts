import { canonicalTimeZone } from '@common/util/time-zone';
import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Env } from '@config/env.schema';
import { inTransaction } from '@infra/database/transaction';
import { ShopNotFoundError } from '@modules/accounts/domain/accounts.errors';
import { normalisedTags } from '@modules/accounts/domain/shop-profile';
import type { ShopResource } from '@modules/accounts/dto/shop.dto';
import { type ShopColumn, TenantsRepository } from '@modules/accounts/persistence/tenants.repository';
import { toShopResource } from '@modules/accounts/queries/shop.presenter';
import { UpdateShopCommand } from './update-shop.command';

const CLEARABLE = ['description', 'seo_title', 'seo_description', 'slogan'] as const;

/**
 * Writes the fields the merchant sent, in one statement: a field left out keeps its value, a text
 * field sent as null or "" is cleared, the time zone is stored in its canonical spelling.
 */
@CommandHandler(UpdateShopCommand)
export class UpdateShopHandler implements ICommandHandler<UpdateShopCommand, ShopResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantsRepository,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async execute({ tenantId, changes }: UpdateShopCommand): Promise<ShopResource> {
    const columns: Array<[ShopColumn, unknown]> = [];
    if (changes.name !== undefined) columns.push(['name', changes.name]);
    for (const field of CLEARABLE) {
      const value = changes[field];
      if (value !== undefined) columns.push([field, value === null || value === '' ? null : value]);
    }
    if (changes.tags !== undefined) columns.push(['tags', normalisedTags(changes.tags)]);
    if (changes.language !== undefined) columns.push(['language', changes.language]);
    if (changes.timezone !== undefined) columns.push(['timezone', canonicalTimeZone(changes.timezone)]);

    const row = await inTransaction(this.dataSource, (manager) =>
      columns.length === 0 ? this.tenants.findShop(manager, tenantId) : this.tenants.updateShop(manager, tenantId, columns),
    );
    if (!row) throw new ShopNotFoundError();
    return toShopResource(row, {
      appUrl: this.config.get('APP_URL', { infer: true }),
      currency: this.config.get('APP_CURRENCY', { infer: true }),
    });
  }
}
