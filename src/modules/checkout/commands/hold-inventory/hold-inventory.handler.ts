import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Env } from '@config/env.schema';
import { inTransaction } from '@infra/database/transaction';
import { CatalogQueries, HoldBounds, InventoryService } from '@modules/catalog';
import { HoldRejectedError, UnknownHoldLocationError } from '@modules/checkout/domain/checkout.errors';
import { HoldInventoryCommand, HoldResult } from './hold-inventory.command';

/** Decisions §15: a session's holds end at the latest this long after its first hold. */
const SESSION_CEILING_MINUTES = 30;

/**
 * Reserves stock for a checkout session for INVENTORY_HOLD_MINUTES. The products are locked (in id
 * order, as order placement does) while availability is computed, so of many concurrent holds on
 * the last units exactly as many succeed as there are units. A new hold for the session replaces
 * its old one; expired holds stop counting by themselves (no sweeper needed for correctness). One
 * client holds at most INVENTORY_HOLD_MAX_UNITS of a product per session,
 * INVENTORY_HOLD_MAX_SESSIONS live sessions per shop (decisions §6), and at most half of a
 * product's stock (at least 3 units) over all its sessions; a session's holds end at the latest
 * SESSION_CEILING_MINUTES after its first hold, however often it renews them (§15).
 */
@CommandHandler(HoldInventoryCommand)
export class HoldInventoryHandler implements ICommandHandler<HoldInventoryCommand, HoldResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    private readonly catalog: CatalogQueries,
    private readonly inventory: InventoryService,
  ) {}

  async execute({ tenantId, sessionId, items, locationId, clientIp }: HoldInventoryCommand): Promise<HoldResult> {
    const minutes = this.config.get('INVENTORY_HOLD_MINUTES', { infer: true });
    const bounds: HoldBounds = {
      maxUnits: this.config.get('INVENTORY_HOLD_MAX_UNITS', { infer: true }),
      maxSessionsPerClient: this.config.get('INVENTORY_HOLD_MAX_SESSIONS', { infer: true }),
      sessionCeilingMinutes: SESSION_CEILING_MINUTES,
    };
    return inTransaction(this.dataSource, async (manager) => {
      if ((await this.catalog.activeLocationId(manager, tenantId, locationId)) === null) {
        throw locationId ? new UnknownHoldLocationError() : new HoldRejectedError('This shop has no active primary location.');
      }
      const expiresAt = await this.inventory.hold(manager, tenantId, { sessionId, clientIp, items, minutes }, bounds);
      return { sessionId, expiresAt };
    });
  }
}
