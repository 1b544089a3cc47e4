import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { clientNetwork } from '@common/http/client-network';
import { HoldLimitExceededError, InsufficientStockToHoldError } from './domain/catalog.errors';
import { invalidProductLines, type StockLine } from './domain/order-lines';

export type { StockLine } from './domain/order-lines';

/** A checkout session's hold: its lines, for how long, and the client asking (`RequestContext.ip`). */
export interface HoldRequest {
  sessionId: string;
  clientIp: string;
  items: readonly StockLine[];
  minutes: number;
}

/** What one client may hold (decisions §6: INVENTORY_HOLD_MAX_UNITS, INVENTORY_HOLD_MAX_SESSIONS). */
export interface HoldBounds {
  /** Units of one product one session may hold. */
  maxUnits: number;
  /** Live holding sessions one client (IPv4 address, IPv6 /64) may have in one shop. */
  maxSessionsPerClient: number;
}

interface LockedProduct {
  id: number;
  name: string;
  price: string;
  stock: number | null;
  category_id: number | null;
  is_active: boolean;
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
  /**
   * Takes the stock of an order's lines, in two statements: the products locked in id order, then
   * one set-based decrement. Products must still be active products of the shop (422 on
   * `items.N.product_id`); stock held by other checkout sessions is not available, `sessionId`'s
   * own hold is, and that hold is converted (released) here. 422 on `items.N.quantity` names every
   * line that is short. Prices are not read here: the caller priced the lines before its
   * transaction (`CatalogQueries.orderLines`).
   */
  async take(manager: EntityManager, tenantId: string, items: readonly StockLine[], options: { sessionId: string | null }): Promise<void> {
    const wanted = totals(items);
    const byId = await this.lock(manager, tenantId, [...wanted.keys()]);
    const invalid = invalidProducts(items, byId);
    if (Object.keys(invalid).length > 0) throw new ValidationFailedError(invalid);

    const tracked = [...wanted.entries()].filter(([id]) => byId.get(id)!.stock !== null);
    const outcome = await this.decrementUnheld(manager, tenantId, tracked, options.sessionId);

    const errors: Record<string, string[]> = {};
    items.forEach((item, index) => {
      const result = outcome.get(item.product_id);
      if (!result || result.taken) return;
      const product = byId.get(item.product_id)!;
      const available = Math.max(0, product.stock! - result.held);
      errors[`items.${index}.quantity`] = [
        available === 0 ? `${product.name} is out of stock.` : `Only ${available} of ${product.name} left in stock.`,
      ];
    });
    // The transaction rolls back with this error: no decrement and no released hold stays.
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
  }

  /**
   * Holds stock for a checkout session until `minutes` from now, replacing the session's previous
   * hold. Of many concurrent holds on the last units exactly as many succeed as there are units;
   * expired holds stop counting by themselves. 409 `{ success: false, message, product_id }` when a
   * product has too little stock (without saying how much is left). The abuse bounds (decisions
   * §6) answer 429: more than `maxUnits` of one product, or a new session for a client that
   * already has `maxSessionsPerClient` live holding sessions in the shop (replacing a session's
   * own hold is not a new session). The client's sessions are counted under a transaction-scoped
   * advisory lock on (shop, client), taken before any product lock, so concurrent holds of one
   * client are decided one after the other and the bound is exact.
   */
  async hold(manager: EntityManager, tenantId: string, request: HoldRequest, bounds: HoldBounds): Promise<Date> {
    const { sessionId, items, minutes } = request;
    const wanted = totals(items);
    if ([...wanted.values()].some((quantity) => quantity > bounds.maxUnits)) {
      throw new HoldLimitExceededError(`At most ${bounds.maxUnits} units of one product can be held per checkout session.`);
    }
    const client = clientNetwork(request.clientIp);
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [`inventory-hold:${tenantId}`, client]);
    const [{ sessions }]: Array<{ sessions: number }> = await manager.query(
      `SELECT count(DISTINCT session_id)::int AS sessions FROM inventory_holds
        WHERE tenant_id = $1 AND client_ip = $2 AND expires_at > now() AND session_id <> $3`,
      [tenantId, client, sessionId],
    );
    if (sessions >= bounds.maxSessionsPerClient) {
      throw new HoldLimitExceededError('Too many checkouts from this connection are holding stock. Complete one or let it expire first.');
    }

    const ids = [...wanted.keys()];
    const byId = await this.lock(manager, tenantId, ids);
    const invalid = invalidProducts(items, byId);
    if (Object.keys(invalid).length > 0) throw new ValidationFailedError(invalid);
    await this.release(manager, tenantId, sessionId);
    const held = await this.held(manager, ids, { tenantId, exceptSessionId: null });
    for (const id of ids) {
      const product = byId.get(id)!;
      if (product.stock === null) continue;
      if (wanted.get(id)! > product.stock - (held.get(id) ?? 0)) throw new InsufficientStockToHoldError(id, product.name);
    }
    const rows: Array<{ expires_at: Date }> = await manager.query(
      `INSERT INTO inventory_holds (tenant_id, session_id, client_ip, product_id, quantity, expires_at)
       SELECT $1, $2, $3, w.id, w.quantity, now() + make_interval(mins => $6)
         FROM unnest($4::int[], $5::int[]) AS w(id, quantity)
       RETURNING expires_at`,
      [tenantId, sessionId, client, ids, ids.map((id) => wanted.get(id)!), minutes],
    );
    return new Date(rows[0].expires_at);
  }

  /** Drops a checkout session's hold. */
  async release(manager: EntityManager, tenantId: string, sessionId: string): Promise<void> {
    await manager.query('DELETE FROM inventory_holds WHERE tenant_id = $1 AND session_id = $2', [tenantId, sessionId]);
  }

  /** Puts stock back (a cancelled order's lines); untracked products stay untracked. */
  async restock(manager: EntityManager, tenantId: string, lines: ReadonlyArray<{ productId: number; quantity: number }>): Promise<void> {
    const returned = totals(lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })));
    if (returned.size === 0) return;
    await manager.query(
      `WITH returned AS (
         SELECT * FROM unnest($2::int[], $3::int[]) AS r(product_id, quantity)
       ), locked AS (
         SELECT p.id FROM products p JOIN returned r ON r.product_id = p.id
          WHERE p.tenant_id = $1 AND p.stock IS NOT NULL ORDER BY p.id FOR UPDATE OF p
       )
       UPDATE products p SET stock = p.stock + r.quantity, updated_at = now()
         FROM returned r, locked l
        WHERE p.id = r.product_id AND p.id = l.id`,
      [tenantId, [...returned.keys()], [...returned.values()]],
    );
  }

  /** Units of each product that can still be ordered (stock less live holds); null for untracked stock. */
  async available(manager: EntityManager, tenantId: string, productIds: readonly number[]): Promise<Map<number, number | null>> {
    const rows: Array<{ id: number; stock: number | null }> = await manager.query(
      'SELECT id, stock FROM products WHERE tenant_id = $1 AND id = ANY($2::int[])',
      [tenantId, [...productIds]],
    );
    const held = await this.held(manager, [...productIds], { tenantId, exceptSessionId: null });
    return new Map(rows.map((row) => [row.id, row.stock === null ? null : Math.max(0, row.stock - (held.get(row.id) ?? 0))]));
  }

  private async lock(manager: EntityManager, tenantId: string, ids: number[]): Promise<Map<number, LockedProduct>> {
    const products: LockedProduct[] = await manager.query(
      `SELECT id, name, price, stock, category_id, is_active FROM products
        WHERE tenant_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE`,
      [tenantId, [...ids].sort((a, b) => a - b)],
    );
    return new Map(products.map((product) => [product.id, product]));
  }

  /**
   * One statement for every tracked line of an order, run after `lock` in the same transaction:
   * each product's stock goes down by its quantity where stock less what other live holds keep is
   * enough; the session's own hold, if any, is deleted. It answers, per product, what others hold
   * and whether it was taken (a line not taken means the caller must roll back).
   *
   * Safe under concurrency because its snapshot is taken after this transaction already holds
   * every product's row lock: no other order or hold on these products can commit while it runs,
   * so the stock it reads is current and the holds it sums are all the holds that count (a hold is
   * only ever added under the same product locks, `hold`; one that expires or is released meanwhile
   * only leaves more stock). It takes no new lock, so it cannot deadlock. The held sum excludes the
   * session's own rows by its WHERE, so deleting them in the same statement changes nothing it reads.
   */
  private async decrementUnheld(
    manager: EntityManager,
    tenantId: string,
    lines: Array<[productId: number, quantity: number]>,
    sessionId: string | null,
  ): Promise<Map<number, { held: number; taken: boolean }>> {
    if (lines.length === 0 && sessionId === null) return new Map();
    const rows: Array<{ id: number; held: number; taken: boolean }> = await manager.query(
      `WITH wanted AS (
         SELECT * FROM unnest($1::int[], $2::int[]) AS w(id, quantity)
       ), held AS (
         SELECT product_id, sum(quantity)::int AS held FROM inventory_holds
          WHERE product_id = ANY($1::int[]) AND expires_at > now() AND NOT (tenant_id = $3 AND session_id IS NOT DISTINCT FROM $4::varchar)
          GROUP BY product_id
       ), released AS (
         DELETE FROM inventory_holds WHERE tenant_id = $3 AND session_id = $4::varchar
       ), taken AS (
         UPDATE products p SET stock = p.stock - w.quantity, updated_at = now()
           FROM wanted w LEFT JOIN held h ON h.product_id = w.id
          WHERE p.id = w.id AND p.stock - COALESCE(h.held, 0) >= w.quantity
         RETURNING p.id
       )
       SELECT w.id, COALESCE(h.held, 0) AS held, EXISTS (SELECT 1 FROM taken t WHERE t.id = w.id) AS taken
         FROM wanted w LEFT JOIN held h ON h.product_id = w.id`,
      [lines.map(([id]) => id), lines.map(([, quantity]) => quantity), tenantId, sessionId],
    );
    return new Map(rows.map((row) => [row.id, { held: row.held, taken: row.taken }]));
  }

  private async held(
    manager: EntityManager,
    ids: number[],
    scope: { tenantId: string; exceptSessionId: string | null },
  ): Promise<Map<number, number>> {
    const rows: Array<{ product_id: number; held: string }> = await manager.query(
      `SELECT product_id, sum(quantity) AS held FROM inventory_holds
        WHERE product_id = ANY($1::int[]) AND expires_at > now() AND NOT (tenant_id = $2 AND session_id IS NOT DISTINCT FROM $3)
        GROUP BY product_id`,
      [ids, scope.tenantId, scope.exceptSessionId],
    );
    return new Map(rows.map((row) => [row.product_id, Number(row.held)]));
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
