import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ConflictError, DomainError, ValidationFailedError } from '@common/errors/domain.error';
import { Env } from '@config/env.validation';
import { inTransaction } from '@infra/database/transaction';

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

      const wanted = new Map<number, number>();
      for (const item of items) wanted.set(item.product_id, (wanted.get(item.product_id) ?? 0) + item.quantity);
      const ids = [...wanted.keys()].sort((a, b) => a - b);
      const products: Array<{ id: number; name: string; stock: number | null; is_active: boolean }> = await manager.query(
        'SELECT id, name, stock, is_active FROM products WHERE tenant_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE',
        [tenantId, ids],
      );
      const byId = new Map(products.map((product) => [product.id, product]));
      const invalid: Record<string, string[]> = {};
      items.forEach((item, index) => {
        if (!byId.get(item.product_id)?.is_active) invalid[`items.${index}.product_id`] = ['The selected product is invalid.'];
      });
      if (Object.keys(invalid).length > 0) throw new ValidationFailedError(invalid);

      await manager.query('DELETE FROM inventory_holds WHERE tenant_id = $1 AND session_id = $2', [tenantId, sessionId]);
      const heldRows: Array<{ product_id: number; held: string }> = await manager.query(
        `SELECT product_id, sum(quantity) AS held FROM inventory_holds
          WHERE product_id = ANY($1::int[]) AND expires_at > now() GROUP BY product_id`,
        [ids],
      );
      const held = new Map(heldRows.map((row) => [row.product_id, Number(row.held)]));
      for (const id of ids) {
        const product = byId.get(id)!;
        if (product.stock === null) continue;
        const available = Math.max(0, product.stock - (held.get(id) ?? 0));
        if (wanted.get(id)! > available) {
          throw new ConflictError(
            available === 0 ? `${product.name} is out of stock.` : `Only ${available} of ${product.name} can be held.`,
            'insufficient_stock',
            { success: false, product_id: id },
          );
        }
      }
      const expires: Array<{ expires_at: Date }> = await manager.query(
        `INSERT INTO inventory_holds (tenant_id, session_id, product_id, quantity, expires_at)
         SELECT $1, $2, w.id, w.quantity, now() + make_interval(mins => $5)
           FROM unnest($3::int[], $4::int[]) AS w(id, quantity)
         RETURNING expires_at`,
        [tenantId, sessionId, ids, ids.map((id) => wanted.get(id)!), minutes],
      );
      return { sessionId, expiresAt: new Date(expires[0].expires_at) };
    });
  }
}
