import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/**
 * SQL for the units of the product `productId` (a column or parameter) that live checkout holds keep,
 * as an integer: the holds `held` sums, read inside another statement (the storefront's page).
 */
export function liveHeldUnits(productId: string): string {
  return `(SELECT COALESCE(sum(h.quantity), 0)::int FROM inventory_holds h WHERE h.product_id = ${productId} AND h.expires_at > now())`;
}

/** A checkout session's hold to store: its lines, its client, and how long it lasts. */
export interface NewHold {
  sessionId: string;
  client: string;
  ids: number[];
  quantities: number[];
  minutes: number;
  ceilingMinutes: number;
  /** When the session's run of holds began (null: it begins now). */
  firstHeldAt: Date | null;
}

/**
 * Every statement on `inventory_holds` outside an order's combined statement (only the catalog
 * module writes it; an order converts a session's hold in `ProductsRepository.takeIn`). Every one
 * runs in the caller's transaction.
 */
@Injectable()
export class InventoryHoldsRepository {
  /** A transaction-scoped advisory lock on (shop, client): one client's holds are decided one after the other. */
  async lockClient(manager: EntityManager, tenantId: string, client: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [`inventory-hold:${tenantId}`, client]);
  }

  /** Live holding sessions of the client in the shop, other than `sessionId`. */
  async liveSessionsOfClient(manager: EntityManager, tenantId: string, client: string, sessionId: string): Promise<number> {
    const [{ sessions }]: Array<{ sessions: number }> = await manager.query(
      `SELECT count(DISTINCT session_id)::int AS sessions FROM inventory_holds
        WHERE tenant_id = $1 AND client_ip = $2 AND expires_at > now() AND session_id <> $3`,
      [tenantId, client, sessionId],
    );
    return sessions;
  }

  /**
   * The session's run of holds: when it began (null: no live hold, so a new hold begins a new run)
   * and whether its ceiling has passed.
   */
  async currentRun(
    manager: EntityManager,
    tenantId: string,
    sessionId: string,
    ceilingMinutes: number,
  ): Promise<{ firstHeldAt: Date | null; over: boolean }> {
    const [row]: Array<{ first_held_at: Date | null; over: boolean | null }> = await manager.query(
      `SELECT min(first_held_at) AS first_held_at, min(first_held_at) + make_interval(mins => $3) <= now() AS over
         FROM inventory_holds WHERE tenant_id = $1 AND session_id = $2 AND expires_at > now()`,
      [tenantId, sessionId, ceilingMinutes],
    );
    return { firstHeldAt: row.first_held_at, over: row.over === true };
  }

  /** Drops a checkout session's hold. */
  async release(manager: EntityManager, tenantId: string, sessionId: string): Promise<void> {
    await manager.query('DELETE FROM inventory_holds WHERE tenant_id = $1 AND session_id = $2', [tenantId, sessionId]);
  }

  /** Live held units of each product, except the holds of one session of the shop. */
  async held(
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

  /** Live units of each product one client holds in the shop, over all its sessions. */
  async heldByClient(manager: EntityManager, tenantId: string, client: string, ids: number[]): Promise<Map<number, number>> {
    const rows: Array<{ product_id: number; held: number }> = await manager.query(
      `SELECT product_id, sum(quantity)::int AS held FROM inventory_holds
        WHERE tenant_id = $1 AND client_ip = $2 AND product_id = ANY($3::int[]) AND expires_at > now()
        GROUP BY product_id`,
      [tenantId, client, ids],
    );
    return new Map(rows.map((row) => [row.product_id, row.held]));
  }

  /** Stores the session's hold; when it expires. */
  async insert(manager: EntityManager, tenantId: string, hold: NewHold): Promise<Date> {
    const rows: Array<{ expires_at: Date }> = await manager.query(
      `INSERT INTO inventory_holds (tenant_id, session_id, client_ip, product_id, quantity, first_held_at, expires_at)
       SELECT $1, $2, $3, w.id, w.quantity, started.at, least(now() + make_interval(mins => $6), started.at + make_interval(mins => $7))
         FROM unnest($4::int[], $5::int[]) AS w(id, quantity), (SELECT coalesce($8::timestamptz, now()) AS at) AS started
       RETURNING expires_at`,
      [tenantId, hold.sessionId, hold.client, hold.ids, hold.quantities, hold.minutes, hold.ceilingMinutes, hold.firstHeldAt],
    );
    return new Date(rows[0].expires_at);
  }
}
