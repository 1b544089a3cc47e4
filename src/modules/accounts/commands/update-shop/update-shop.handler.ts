import { canonicalTimeZone } from '@common/util/time-zone';
import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Env } from '@config/env.schema';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { ValidationFailedError } from '@common/errors/domain.error';
import { ShopNotFoundError } from '@modules/accounts/domain/accounts.errors';
import {
  normalisedSocialLinks,
  normalisedTags,
  paymentSettingsError,
  SHOP_PAYMENT_METHODS,
  type ShopPaymentMethod,
} from '@modules/accounts/domain/shop-profile';
import type { ShopResource } from '@modules/accounts/dto/shop.dto';
import { type ShopColumn, TenantsRepository } from '@modules/accounts/persistence/tenants.repository';
import { toShopResource } from '@modules/accounts/queries/shop.presenter';
import { UpdateShopCommand } from './update-shop.command';

const CLEARABLE = ['description', 'seo_title', 'seo_description', 'slogan', 'phone', 'whatsapp', 'email', 'address', 'logo_url'] as const;

/** The methods as the shop keeps them: in the one order every answer lists them (cash first). */
const inListOrder = (methods: readonly ShopPaymentMethod[]) => SHOP_PAYMENT_METHODS.filter((method) => methods.includes(method));

/**
 * Writes the fields the merchant sent, in one statement: a field left out keeps its value, a text
 * field sent as null or "" is cleared, the time zone is stored in its canonical spelling, the social
 * links replace the old ones (null clears them). A write drops the shop's cached public profile and
 * pages in every process (`CatalogChanges`).
 */
@CommandHandler(UpdateShopCommand)
export class UpdateShopHandler implements ICommandHandler<UpdateShopCommand, ShopResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantsRepository,
    private readonly config: ConfigService<Env, true>,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, changes }: UpdateShopCommand): Promise<ShopResource> {
    const columns: Array<[ShopColumn, unknown]> = [];
    if (changes.name !== undefined) columns.push(['name', changes.name]);
    for (const field of CLEARABLE) {
      const value = changes[field];
      if (value !== undefined) columns.push([field, value === null || value === '' ? null : value]);
    }
    if (changes.tags !== undefined) columns.push(['tags', normalisedTags(changes.tags)]);
    if (changes.social_links !== undefined) columns.push(['social_links', normalisedSocialLinks(changes.social_links)]);
    if (changes.language !== undefined) columns.push(['language', changes.language]);
    if (changes.timezone !== undefined) columns.push(['timezone', canonicalTimeZone(changes.timezone)]);
    const instructions = changes.bank_transfer_instructions;
    if (changes.payment_methods !== undefined) columns.push(['payment_methods', inListOrder(changes.payment_methods)]);
    if (instructions !== undefined)
      columns.push(['bank_transfer_instructions', instructions === null || instructions === '' ? null : instructions]);

    const row = await inTransaction(this.dataSource, async (manager) => {
      if (changes.payment_methods !== undefined || instructions !== undefined) await this.checkPaymentSettings(manager, tenantId, changes);
      return columns.length === 0 ? this.tenants.findShop(manager, tenantId) : this.tenants.updateShop(manager, tenantId, columns);
    });
    if (!row) throw new ShopNotFoundError();
    if (columns.length > 0) void this.changes.changed(tenantId);
    return toShopResource(row, {
      appUrl: this.config.get('APP_URL', { infer: true }),
      currency: this.config.get('APP_CURRENCY', { infer: true }),
    });
  }

  /**
   * A shop accepting transfers keeps instructions for them (docs/commerce.md, "Payment methods"):
   * the change is checked against the settings it leaves, on the locked row, so that two edits at
   * once cannot leave transfers without instructions (the table's check constraint says the same).
   */
  private async checkPaymentSettings(manager: EntityManager, tenantId: string, changes: UpdateShopCommand['changes']): Promise<void> {
    const current = await this.tenants.lockPaymentSettings(manager, tenantId);
    if (!current) throw new ShopNotFoundError();
    const instructions = changes.bank_transfer_instructions;
    const error = paymentSettingsError({
      paymentMethods: changes.payment_methods ?? current.payment_methods,
      bankTransferInstructions: instructions === undefined ? current.bank_transfer_instructions : instructions || null,
    });
    if (error) throw ValidationFailedError.field('bank_transfer_instructions', error);
  }
}
