import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DomainError, ValidationFailedError } from '@common/errors/domain.error';
import { Env } from '@config/env.validation';
import { inTransaction } from '@infra/database/transaction';
import { InventoryService } from '@modules/catalog';

export class HoldInventoryCommand {
  constructor(
    readonly tenantId: string,
    readonly sessionId: string,
    readonly items: Array<{ product_id: number; quantity: number }>,
    readonly locationId: string | undefined,
  ) {}
}

export interface HoldResult {
  sessionId: string;
  expiresAt: Date;
}

/** 400 with the spec's `{ success: false, message }` shape (no active primary location). */
export class HoldRejectedError extends DomainError {
  constructor(message: string) {
    super('hold_rejected', message, 400, { success: false });
  }
}

/**
 * Reserves stock for a checkout session for INVENTORY_HOLD_MINUTES. The products are locked (in id
 * order, as order placement does) while availability is computed, so of many concurrent holds on
 * the last units exactly as many succeed as there are units. A new hold for the session replaces
 * its old one; expired holds stop counting by themselves (no sweeper needed for correctness).
 */
@CommandHandler(HoldInventoryCommand)
export class HoldInventoryHandler implements ICommandHandler<HoldInventoryCommand, HoldResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    private readonly inventory: InventoryService,
  ) {}

  async execute({ tenantId, sessionId, items, locationId }: HoldInventoryCommand): Promise<HoldResult> {
    const minutes = this.config.get('INVENTORY_HOLD_MINUTES', { infer: true });
    return inTransaction(this.dataSource, async (manager) => {
      const locations: unknown[] = locationId
        ? await manager.query('SELECT 1 FROM locations WHERE id = $1 AND tenant_id = $2 AND is_active', [locationId, tenantId])
        : await manager.query('SELECT 1 FROM locations WHERE tenant_id = $1 AND is_primary AND is_active', [tenantId]);
      if (locations.length === 0) {
        if (locationId) throw ValidationFailedError.field('location_id', 'The selected location is invalid.');
        throw new HoldRejectedError('This shop has no active primary location.');
      }

      const expiresAt = await this.inventory.hold(manager, tenantId, sessionId, items, minutes);
      return { sessionId, expiresAt };
    });
  }
}
