import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { clientNetwork } from '@common/http/client-network';
import type { CombinedStatement } from '@infra/database/statements';
import { availableUnits } from './domain/availability';
import { HoldLimitExceededError, InsufficientStockToHoldError } from './domain/catalog.errors';
import { invalidProductLines, type StockLine } from './domain/order-lines';
import { InventoryHoldsRepository } from './persistence/inventory-holds.repository';
import { ProductsRepository } from './persistence/products.repository';
import type { LockedProduct } from './persistence/products.rows';

export type { StockLine } from './domain/order-lines';

/** An order's products, locked by `lockIn`, for `takeIn`. */
export interface LockedStock {
  items: readonly StockLine[];
  wanted: Map<number, number>;
  byId: Map<number, LockedProduct>;
}

/** A checkout session's hold: its lines, for how long, and the client asking (`RequestContext.ip`). */
export interface HoldRequest {
  sessionId: string;
  clientIp: string;
  items: readonly StockLine[];
  minutes: number;
}

/**
 * What one client may hold (decisions §6: INVENTORY_HOLD_MAX_UNITS, INVENTORY_HOLD_MAX_SESSIONS;
 * §15: a share of each product's stock per client, and a ceiling on a session's run of holds).
 */
export interface HoldBounds {
  /** Units of one product one session may hold. */
  maxUnits: number;
  /** Live holding sessions one client (IPv4 address, IPv6 /64) may have in one shop. */
  maxSessionsPerClient: number;
  /** Minutes after a session's first hold by which its holds end, however often they are renewed. */
  sessionCeilingMinutes: number;
}

/**
 * Units of a product one client may hold across all its sessions (decisions §15): half the stock,
 * held units included, rounded up, and never fewer than 3 so a small stock can still be bought.
 */
function maxUnitsPerClient(stock: number): number {
  return Math.max(3, Math.ceil(stock / 2));
}

/**
 * Every stock movement: taken by an order, held by a checkout session, released, restocked. Stock
 * (`products.stock`, null = not tracked) and holds (`inventory_holds`) are written nowhere else.
 * Every method runs in the caller's transaction and locks the products it touches in id order, the
 * one global lock order, so concurrent orders, holds and cancellations queue instead of
 * deadlocking, and stock is never oversold.
 */
@Injectable()
export class InventoryService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly holds: InventoryHoldsRepository,
  ) {}

  /**
   * Locks an order's products in id order (the one global lock order, so concurrent orders, holds
   * and cancellations queue instead of deadlocking), as the part PRODUCTS_LOCKED of `statement`,
   * the first of the order's transaction. They must still be active products of the shop (422 on
   * `items.N.product_id`: the caller priced them before its transaction, `CatalogQueries.orderLines`).
   * The answer gives them to `takeIn` once the statement has run.
   */
  lockIn(statement: CombinedStatement, tenantId: string, items: readonly StockLine[]): () => LockedStock {
    const wanted = totals(items);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const rows = this.products.lockIn(statement, tenantId, ids, (locked) => {
      const byId = new Map(locked.map((product) => [product.id, product]));
      const invalid = invalidProducts(items, byId);
      if (Object.keys(invalid).length > 0) throw new ValidationFailedError(invalid);
    });
    return () => ({ items, wanted, byId: new Map(rows().map((product) => [product.id, product])) });
  }

  /**
   * Takes the stock of the lines `lockIn` locked, as a part of the order's `statement`: each
   * tracked product's stock goes down by its quantity where stock less what other live checkout
   * holds keep is enough, and the session's own hold, if any, is deleted (converted into the
   * order). Once the statement has run, a line that could not be taken is a 422 on
   * `items.N.quantity` naming what is left, which rolls the whole order back.
   *
   * Safe under concurrency because the statement's snapshot is taken after this transaction
   * already holds every product's row lock: no other order or hold on these products can commit
   * while it runs, so the stock it reads is current and the holds it sums are all the holds that
   * count (a hold is only ever added under the same product locks, `hold`; one that expires or is
   * released meanwhile only leaves more stock). It takes no new lock. The held sum excludes the
   * session's own rows by its WHERE, so deleting them in the same statement changes nothing it
   * reads; nothing else in the statement reads products or inventory_holds.
   */
  takeIn(statement: CombinedStatement, tenantId: string, locked: LockedStock, options: { sessionId: string | null }): void {
    const { items, wanted, byId } = locked;
    const tracked = [...wanted.entries()].filter(([id]) => byId.get(id)!.stock !== null);
    this.products.takeIn(
      statement,
      tenantId,
      { ids: tracked.map(([id]) => id), quantities: tracked.map(([, quantity]) => quantity), sessionId: options.sessionId },
      (short) => {
        const held = new Map(short.map((row) => [row.id, row.held]));
        const errors: Record<string, string[]> = {};
        items.forEach((item, index) => {
          if (!held.has(item.product_id)) return;
          const product = byId.get(item.product_id)!;
          const available = Math.max(0, product.stock! - held.get(item.product_id)!);
          errors[`items.${index}.quantity`] = [
            available === 0 ? `${product.name} is out of stock.` : `Only ${available} of ${product.name} left in stock.`,
          ];
        });
        return new ValidationFailedError(errors);
      },
    );
  }

  /**
   * Holds stock for a checkout session until `minutes` from now, replacing the session's previous
   * hold. Of many concurrent holds on the last units exactly as many succeed as there are units;
   * expired holds stop counting by themselves. 409 `{ success: false, message, product_id }` when a
   * product has too little stock (without saying how much is left); that is decided first. The
   * abuse bounds (decisions §6, §15) answer 429: more than `maxUnits` of one product in the
   * session; a new session for a client that already has `maxSessionsPerClient` live holding
   * sessions in the shop (replacing a session's own hold is not a new session); more of a product
   * held by the client across its sessions than `maxUnitsPerClient(stock)`; or a renewal of a
   * session whose run of holds began `sessionCeilingMinutes` ago.
   *
   * The client's sessions are counted under a transaction-scoped advisory lock on (shop, client),
   * taken before any product lock; the client's units of a product are summed under the product's
   * row lock, which every hold of that product takes. So concurrent holds of one client are decided
   * one after the other and every bound is exact.
   *
   * A session's run of holds begins with its first hold (`first_held_at`) and is carried over by
   * every renewal while the session still holds something live; every hold of the run ends by
   * `first_held_at + sessionCeilingMinutes`. Once its holds have ended (expired, converted into an
   * order) a new hold begins a new run, as a new session id would.
   */
  async hold(manager: EntityManager, tenantId: string, request: HoldRequest, bounds: HoldBounds): Promise<Date> {
    const { sessionId, items, minutes } = request;
    const wanted = totals(items);
    const client = clientNetwork(request.clientIp);
    await this.holds.lockClient(manager, tenantId, client);
    const sessions = await this.holds.liveSessionsOfClient(manager, tenantId, client, sessionId);

    const ids = [...wanted.keys()];
    const byId = await this.lock(manager, tenantId, ids);
    const invalid = invalidProducts(items, byId);
    if (Object.keys(invalid).length > 0) throw new ValidationFailedError(invalid);
    const run = await this.holds.currentRun(manager, tenantId, sessionId, bounds.sessionCeilingMinutes);
    await this.release(manager, tenantId, sessionId);
    const held = await this.holds.held(manager, ids, { tenantId, exceptSessionId: null });
    for (const id of ids) {
      const product = byId.get(id)!;
      if (product.stock === null) continue;
      if (wanted.get(id)! > product.stock - (held.get(id) ?? 0)) throw new InsufficientStockToHoldError(id, product.name);
    }

    if ([...wanted.values()].some((quantity) => quantity > bounds.maxUnits)) {
      throw new HoldLimitExceededError(`At most ${bounds.maxUnits} units of one product can be held per checkout session.`);
    }
    if (sessions >= bounds.maxSessionsPerClient) {
      throw new HoldLimitExceededError('Too many checkouts from this connection are holding stock. Complete one or let it expire first.');
    }
    const heldByClient = await this.holds.heldByClient(manager, tenantId, client, ids);
    for (const id of ids) {
      const stock = byId.get(id)!.stock;
      if (stock === null) continue;
      if ((heldByClient.get(id) ?? 0) + wanted.get(id)! > maxUnitsPerClient(stock)) {
        throw new HoldLimitExceededError(
          `Checkouts from this connection already hold as much of ${byId.get(id)!.name} as one shopper may. Complete one first.`,
        );
      }
    }
    if (run.over) {
      throw new HoldLimitExceededError('This checkout has held stock for as long as one checkout may. Start a new checkout to hold again.');
    }

    return this.holds.insert(manager, tenantId, {
      sessionId,
      client,
      ids,
      quantities: ids.map((id) => wanted.get(id)!),
      minutes,
      ceilingMinutes: bounds.sessionCeilingMinutes,
      firstHeldAt: run.firstHeldAt,
    });
  }

  /** Drops a checkout session's hold. */
  async release(manager: EntityManager, tenantId: string, sessionId: string): Promise<void> {
    await this.holds.release(manager, tenantId, sessionId);
  }

  /** Puts stock back (a cancelled order's lines); untracked products stay untracked. */
  async restock(manager: EntityManager, tenantId: string, lines: ReadonlyArray<{ productId: number; quantity: number }>): Promise<void> {
    const returned = totals(lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })));
    if (returned.size === 0) return;
    await this.products.restock(manager, tenantId, returned);
  }

  /** Units of each product that can still be ordered (stock less live holds); null for untracked stock. */
  async available(manager: EntityManager, tenantId: string, productIds: readonly number[]): Promise<Map<number, number | null>> {
    const rows = await this.products.stock(manager, tenantId, productIds);
    const held = await this.holds.held(manager, [...productIds], { tenantId, exceptSessionId: null });
    return new Map(rows.map((row) => [row.id, availableUnits(row.stock, held.get(row.id) ?? 0)]));
  }

  private async lock(manager: EntityManager, tenantId: string, ids: number[]): Promise<Map<number, LockedProduct>> {
    const products = await this.products.lock(manager, tenantId, ids);
    return new Map(products.map((product) => [product.id, product]));
  }
}

function totals(items: readonly StockLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const item of items) wanted.set(item.product_id, (wanted.get(item.product_id) ?? 0) + item.quantity);
  return wanted;
}

function invalidProducts(items: readonly StockLine[], byId: Map<number, LockedProduct>): Record<string, string[]> {
  return invalidProductLines(items, (id) => byId.get(id)?.is_active === true);
}
